/* tree_exec_helper MODE PROGRAM [ARGS...]: a native program that starts PROGRAM
 * the way MODE names (each of the exec/spawn calls a test harness may use), waits
 * for it and exits with its status.  Built natively by tests/runner/tree.sh, also
 * statically, to show what x32-run --tree covers. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static int exit_of(int st)
{
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static void child_exec(const char *mode, char **argv)
{
    const char *p = argv[0];
    if (!strcmp(mode, "execve"))
        execve(p, argv, environ);
    else if (!strcmp(mode, "execv"))
        execv(p, argv);
    else if (!strcmp(mode, "execvp"))
        execvp(p, argv);
    else if (!strcmp(mode, "execvpe"))
        execvpe(p, argv, environ);
    else if (!strcmp(mode, "execl"))
        execl(p, p, (char *)0);
    else if (!strcmp(mode, "execle"))
        execle(p, p, (char *)0, environ);
    else if (!strcmp(mode, "execlp"))
        execlp(p, p, (char *)0);
    else if (!strcmp(mode, "execveat"))
        execveat(AT_FDCWD, p, argv, environ, 0);
    else if (!strcmp(mode, "fexecve") || !strcmp(mode, "fexecve-cloexec")) {
        int fd = open(p, O_RDONLY | (strcmp(mode, "fexecve") ? O_CLOEXEC : 0));
        if (fd >= 0)
            fexecve(fd, argv, environ);
    } else {
        fprintf(stderr, "tree_exec_helper: unknown mode %s\n", mode);
        _exit(2);
    }
    fprintf(stderr, "tree_exec_helper: %s %s: %s\n", mode, p, strerror(errno));
    _exit(errno == ENOEXEC ? 126 : 127);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: tree_exec_helper MODE PROGRAM [ARGS...]\n");
        return 2;
    }
    const char *mode = argv[1];
    char **prog = argv + 2;
    int st = 0;
    pid_t pid;
    fflush(stdout);
    if (!strcmp(mode, "posix_spawn") || !strcmp(mode, "posix_spawnp")) {
        int r = (!strcmp(mode, "posix_spawn") ? posix_spawn : posix_spawnp)(
            &pid, prog[0], 0, 0, prog, environ);
        if (r) {
            fprintf(stderr, "tree_exec_helper: %s: %s\n", mode, strerror(r));
            return 127;
        }
    } else if (!strcmp(mode, "system")) {
        return exit_of(system(prog[0]));
    } else if (!strcmp(mode, "popen")) {
        FILE *f = popen(prog[0], "r");
        char line[256];
        while (f && fgets(line, sizeof line, f))
            fputs(line, stdout);
        return f ? exit_of(pclose(f)) : 127;
    } else if (!strcmp(mode, "vfork")) {
        pid = vfork();
        if (pid == 0) {
            execve(prog[0], prog, environ);
            _exit(127);
        }
    } else {
        pid = fork();
        if (pid == 0)
            child_exec(mode, prog);
    }
    if (pid < 0 || waitpid(pid, &st, 0) != pid)
        return 125;
    return exit_of(st);
}
