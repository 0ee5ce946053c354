/* proc_process_group: setpgid/getpgid/setsid, and kill(0)/killpg deliver to
 * every member of a process group. */
#include "check.h"

int main(void)
{
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    fflush(NULL);
    pid_t leader = fork();
    REQUIRE_SYS(leader);
    if (leader == 0) {
        /* A new session with two more processes in its group. */
        if (setsid() != getpid())
            _exit(2);
        if (getpgid(0) != getpid() || getsid(0) != getpid())
            _exit(3);
        for (int i = 0; i < 2; i++) {
            pid_t c = fork();
            if (c == 0) {
                for (;;)
                    pause();
            }
        }
        signal(SIGUSR1, SIG_IGN);
        char ready = 'r';
        if (write(fds[1], &ready, 1) != 1)
            _exit(4);
        /* kill(0, ...) reaches both children in our group. */
        sleep_ms(20);
        kill(0, SIGUSR1);
        int dead = 0, st;
        while (wait(&st) > 0)
            if (WIFSIGNALED(st) && WTERMSIG(st) == SIGUSR1)
                dead++;
        _exit(dead == 2 ? 0 : 5);
    }
    char c;
    CHECK_EQ(read(fds[0], &c, 1), 1);
    CHECK_EQ(getpgid(leader), leader);
    CHECK(getpgid(0) != leader);
    CHECK_EXITED(wait_status(leader), 0);

    /* setpgid on a child and killpg. */
    pid_t kid = fork();
    REQUIRE_SYS(kid);
    if (kid == 0) {
        setpgid(0, 0);
        for (;;)
            pause();
    }
    setpgid(kid, kid);
    CHECK_EQ(getpgid(kid), kid);
    CHECK_SYS(killpg(kid, SIGTERM));
    int st = wait_status(kid);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);
    return check_done();
}
