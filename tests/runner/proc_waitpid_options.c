/* proc_waitpid_options: WNOHANG returns 0 for a running child, waitpid(-1)
 * and waitpid(0) pick any child / any child of our group, waitpid(-pgid)
 * one of that group, and wait for a non-child is ECHILD. */
#include "check.h"

static pid_t spawn(int code, int ms, int own_group)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        if (own_group)
            setpgid(0, 0);
        sleep_ms(ms);
        _exit(code);
    }
    if (own_group)
        setpgid(pid, pid);
    return pid;
}

int main(void)
{
    pid_t a = spawn(1, 300, 0);
    int st = -1;
    CHECK_EQ(waitpid(a, &st, WNOHANG), 0);
    CHECK_EQ(waitpid(-1, &st, 0), a);
    CHECK_EXITED(st, 1);

    pid_t b = spawn(2, 50, 0), c = spawn(3, 150, 0);
    int seen = 0;
    for (int i = 0; i < 2; i++) {
        pid_t r = waitpid(0, &st, 0);
        if (r == b && WEXITSTATUS(st) == 2)
            seen |= 1;
        if (r == c && WEXITSTATUS(st) == 3)
            seen |= 2;
    }
    CHECK_EQ(seen, 3);

    pid_t g = spawn(4, 100, 1), h = spawn(5, 10, 0);
    CHECK_EQ(waitpid(-g, &st, 0), g);
    CHECK_EXITED(st, 4);
    CHECK_EQ(waitpid(h, &st, 0), h);
    CHECK_EXITED(st, 5);

    CHECK_ERR(waitpid(1, &st, 0), ECHILD);
    CHECK_ERR(waitpid(-1, &st, WNOHANG), ECHILD);
    CHECK_ERR(waitpid(-1, &st, 0x100), EINVAL);    /* not a wait option */
    return check_done();
}
