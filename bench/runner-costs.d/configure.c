/* configure.c: what a configure script does to a machine, without the shell:
 * ITERATIONS checks, each one a short child process (this program again, as
 * "configure check K") that stats a few headers under $PACK_TREE, reads one,
 * writes a small conftest file and exits 0; the parent waits for it, reads
 * the child's result back and appends a line to a config.h.  Under x32-run
 * every check is an x32 process started by an x32 process (x32-run's own
 * execve, then the program's start-up): the cost of hundreds of short
 * processes, as autoconf and build systems' feature probes make them.
 * Prints ms per check. */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <spawn.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench.h"

extern char **environ;

static const char *const headers[] = {"stdio.h", "stdlib.h", "string.h", "unistd.h",
                                      "sys/types.h", "sys/stat.h", "fcntl.h", "stdint.h"};
#define NHEADERS (sizeof headers / sizeof headers[0])

static int check(const char *tree, long k)
{
    char path[4096], buf[4096], out[64];
    struct stat st;
    int found = 0;
    for (unsigned i = 0; i < NHEADERS; i++) {
        snprintf(path, sizeof path, "%s/%s", tree, headers[i]);
        found += stat(path, &st) == 0;
    }
    snprintf(path, sizeof path, "%s/%s", tree, headers[k % NHEADERS]);
    int fd = open(path, O_RDONLY);
    if (fd < 0 || read(fd, buf, sizeof buf) <= 0)
        return 1;
    close(fd);
    snprintf(out, sizeof out, "conftest-%ld.out", k);
    fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int n = snprintf(buf, sizeof buf, "check %ld found %d\n", k, found);
    if (fd < 0 || write(fd, buf, (size_t)n) != n)
        return 1;
    close(fd);
    return found == (int)NHEADERS ? 0 : 1;
}

int main(int argc, char **argv)
{
    const char *tree = getenv("PACK_TREE");
    if (!tree) {
        fprintf(stderr, "configure: set PACK_TREE to an include directory\n");
        return 2;
    }
    if (argc == 3 && strcmp(argv[1], "check") == 0)
        return check(tree, strtol(argv[2], NULL, 10));
    long n = iterations(argc, argv);
    char dir[] = "/tmp/x32-bench-configure.XXXXXX";
    if (!mkdtemp(dir) || chdir(dir) != 0) {
        perror("configure: temporary directory");
        return 1;
    }
    FILE *conf = fopen("config.h", "w");
    double t0 = now_ns();
    for (long k = 0; k < n; k++) {
        char num[24], name[64], line[128];
        snprintf(num, sizeof num, "%ld", k);
        char *args[] = {argv[0], "check", num, NULL};
        pid_t pid;
        int status;
        if (posix_spawn(&pid, "/proc/self/exe", NULL, NULL, args, environ) != 0 ||
            waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status)) {
            fprintf(stderr, "configure: check %ld failed\n", k);
            return 1;
        }
        snprintf(name, sizeof name, "conftest-%ld.out", k);
        FILE *r = fopen(name, "r");
        if (!r || !fgets(line, sizeof line, r)) {
            fprintf(stderr, "configure: check %ld left no result\n", k);
            return 1;
        }
        fclose(r);
        unlink(name);
        fprintf(conf, "#define CHECK_%ld 1 /* %s */\n", k, strtok(line, "\n"));
    }
    double ms = (now_ns() - t0) / 1e6 / (double)n;
    fclose(conf);
    unlink("config.h");
    if (chdir("/") != 0 || rmdir(dir) != 0)
        perror("configure: cleaning up");
    printf("%.4f\n", ms);
    return 0;
}
