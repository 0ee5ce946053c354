/* proc_waitpid_stopped: WUNTRACED reports a stopped child (WIFSTOPPED,
 * WSTOPSIG) and WCONTINUED a continued one (WIFCONTINUED). */
#include "check.h"

int main(void)
{
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        close(fds[1]);
        raise(SIGSTOP);
        char c;
        _exit(read(fds[0], &c, 1) == 1 ? c : 99);
    }
    close(fds[0]);
    int st = 0;
    CHECK_EQ(waitpid(pid, &st, WUNTRACED), pid);
    CHECK(WIFSTOPPED(st));
    CHECK_EQ(WSTOPSIG(st), SIGSTOP);

    /* Stopped by SIGTSTP sent from outside, too (it is already stopped;
     * continue it first). */
    CHECK_SYS(kill(pid, SIGCONT));
    st = 0;
    CHECK_EQ(waitpid(pid, &st, WCONTINUED), pid);
    CHECK(WIFCONTINUED(st));

    CHECK_SYS(kill(pid, SIGTSTP));
    st = 0;
    CHECK_EQ(waitpid(pid, &st, WUNTRACED), pid);
    CHECK(WIFSTOPPED(st));
    CHECK_EQ(WSTOPSIG(st), SIGTSTP);
    CHECK_SYS(kill(pid, SIGCONT));
    st = 0;
    CHECK_EQ(waitpid(pid, &st, WCONTINUED), pid);
    CHECK(WIFCONTINUED(st));

    CHECK_EQ(write(fds[1], "\x2a", 1), 1);
    CHECK_EXITED(wait_status(pid), 42);
    return check_done();
}
