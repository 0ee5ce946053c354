/* proc_waitid_siginfo: waitid fills siginfo for exited, killed, stopped and
 * continued children: si_signo, si_code, si_pid, si_uid, si_status (the
 * kernel leaves si_utime/si_stime alone in waitid). */
#include "check.h"

static void burn_cpu_ms(long ms)
{
    struct timespec ts;
    long long start;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    start = ts.tv_sec * 1000000000LL + ts.tv_nsec;
    volatile unsigned x = 0;
    for (;;) {
        for (int i = 0; i < 100000; i++)
            x += i;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        if (ts.tv_sec * 1000000000LL + ts.tv_nsec - start > ms * 1000000LL)
            break;
    }
}

static void check_info(const siginfo_t *si, pid_t pid, int code, int status)
{
    CHECK_EQ(si->si_signo, SIGCHLD);
    CHECK_EQ(si->si_code, code);
    CHECK_EQ(si->si_pid, pid);
    CHECK_EQ(si->si_uid, getuid());
    CHECK_EQ(si->si_status, status);
}

int main(void)
{
    siginfo_t si;
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        burn_cpu_ms(300);
        _exit(33);
    }
    memset(&si, 0xff, sizeof si);
    CHECK_SYS(waitid(P_PID, pid, &si, WEXITED));
    check_info(&si, pid, CLD_EXITED, 33);

    pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0)
        for (;;)
            pause();
    sleep_ms(10);
    kill(pid, SIGSTOP);
    memset(&si, 0, sizeof si);
    CHECK_SYS(waitid(P_PID, pid, &si, WSTOPPED));
    check_info(&si, pid, CLD_STOPPED, SIGSTOP);
    kill(pid, SIGCONT);
    memset(&si, 0, sizeof si);
    CHECK_SYS(waitid(P_PID, pid, &si, WCONTINUED));
    check_info(&si, pid, CLD_CONTINUED, SIGCONT);

    /* WNOWAIT leaves the child waitable; WNOHANG with nothing to report
     * returns 0 and si_pid 0. */
    memset(&si, 0xff, sizeof si);
    CHECK_SYS(waitid(P_PID, pid, &si, WEXITED | WNOHANG));
    CHECK_EQ(si.si_pid, 0);
    kill(pid, SIGKILL);
    memset(&si, 0, sizeof si);
    CHECK_SYS(waitid(P_ALL, 0, &si, WEXITED | WNOWAIT));
    check_info(&si, pid, CLD_KILLED, SIGKILL);
    memset(&si, 0, sizeof si);
    CHECK_SYS(waitid(P_PID, pid, &si, WEXITED));
    check_info(&si, pid, CLD_KILLED, SIGKILL);
    CHECK_ERR(waitid(P_ALL, 0, &si, WEXITED), ECHILD);
    return check_done();
}
