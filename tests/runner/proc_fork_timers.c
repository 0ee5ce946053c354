/* proc_fork_timers: a forked child does not inherit alarms, interval timers
 * or POSIX timers; the parent's keep running. */
// build: -lrt
#include "check.h"
#include <sys/time.h>

static volatile sig_atomic_t alarms;
static void on_alarm(int sig) { (void)sig; alarms++; }

int main(void)
{
    signal(SIGALRM, on_alarm);
    CHECK_EQ(alarm(2), 0);
    timer_t tm;
    struct sigevent sev;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_SIGNAL;
    sev.sigev_signo = SIGUSR2;
    signal(SIGUSR2, SIG_IGN);
    REQUIRE_SYS(timer_create(CLOCK_MONOTONIC, &sev, &tm));
    struct itimerspec its = { { 5, 0 }, { 5, 0 } };
    CHECK_SYS(timer_settime(tm, 0, &its, NULL));
    struct itimerval vt = { { 1, 0 }, { 1, 0 } };
    CHECK_SYS(setitimer(ITIMER_VIRTUAL, &vt, NULL));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        struct itimerval q;
        int bad = 0;
        if (alarm(0) != 0)
            bad |= 1;
        getitimer(ITIMER_VIRTUAL, &q);
        if (q.it_value.tv_sec || q.it_value.tv_usec)
            bad |= 2;
        struct itimerspec tq;
        if (timer_gettime(tm, &tq) != -1 || errno != EINVAL)
            bad |= 4;
        _exit(bad);
    }
    CHECK_EXITED(wait_status(pid), 0);
    unsigned left = alarm(0);
    CHECK(left >= 1 && left <= 2);
    struct itimerval q;
    CHECK_SYS(getitimer(ITIMER_VIRTUAL, &q));
    CHECK(q.it_value.tv_sec + q.it_value.tv_usec > 0);
    struct itimerspec tq;
    CHECK_SYS(timer_gettime(tm, &tq));
    CHECK(tq.it_value.tv_sec >= 3);
    return check_done();
}
