/* spawn_loop N PROGRAM [ARGS...]: starts PROGRAM N times with posix_spawnp (the way a
 * test harness does), waiting for each, and prints the mean wall time of one start
 * in microseconds.  Fails if any start does not exit 0. */
#define _GNU_SOURCE
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: spawn_loop N PROGRAM [ARGS...]\n");
        return 2;
    }
    long n = atol(argv[1]);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", 1 /* O_WRONLY */, 0);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long i = 0; i < n; i++) {
        pid_t pid;
        int st;
        if (posix_spawnp(&pid, argv[2], &fa, 0, argv + 2, environ) != 0 ||
            waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
            fprintf(stderr, "spawn_loop: %s did not start and exit 0\n", argv[2]);
            return 1;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("%.1f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / 1e3 / (double)n);
    return 0;
}
