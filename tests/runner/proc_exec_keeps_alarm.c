/* proc_exec_keeps_alarm: a pending alarm() survives execve (POSIX): the new
 * program of this ABI, which does not handle SIGALRM, is killed by it. */
#include "check.h"

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "child") == 0) {
        unsigned left = alarm(0);
        if (left == 0)
            return 3;                   /* the alarm did not survive */
        alarm(left);
        for (;;)
            pause();
    }
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        alarm(1);
        execl("/proc/self/exe", argv[0], "child", (char *)NULL);
        _exit(127);
    }
    long long t0 = now_ns();
    int st = wait_status(pid);
    if (!CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM))
        fprintf(stderr, "  status %#x\n", st);
    CHECK(now_ns() - t0 < 5000000000LL);
    return check_done();
}
