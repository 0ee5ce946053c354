/* spawn.c (native only): start a command N times, one after another, with
 * stdout on /dev/null; print the mean wall time of one start-to-exit in ms, or with
 * SPAWN_FAULTS=1 in the environment the mean number of page faults one start took
 * (the children's minor and major faults, from getrusage).
 * Timing here rather than in the shell keeps the shell's own fork out of it. */
#include <fcntl.h>
#include <spawn.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include "bench.h"

extern char **environ;

int main(int argc, char **argv)
{
    posix_spawn_file_actions_t fa;
    long n = iterations(argc, argv);
    double t0;
    long i;

    if (argc < 3) {
        fprintf(stderr, "spawn: usage: spawn N PROGRAM [ARGS...]\n");
        return 2;
    }
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    t0 = now_ns();
    for (i = 0; i < n; i++) {
        pid_t pid;
        int status;
        int err = posix_spawn(&pid, argv[2], &fa, NULL, argv + 2, environ);

        if (err != 0) {
            fprintf(stderr, "spawn: %s: cannot start (error %d)\n", argv[2], err);
            return 1;
        }
        if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
            WEXITSTATUS(status) != 0) {
            fprintf(stderr, "spawn: %s: did not exit with status 0\n", argv[2]);
            return 1;
        }
    }
    if (getenv("SPAWN_FAULTS") && strcmp(getenv("SPAWN_FAULTS"), "1") == 0) {
        struct rusage ru;

        getrusage(RUSAGE_CHILDREN, &ru);
        printf("%.1f\n", (double)(ru.ru_minflt + ru.ru_majflt) / (double)n);
        return 0;
    }
    printf("%.4f\n", (now_ns() - t0) / 1e6 / (double)n);
    return 0;
}
