/* signal_timer_create_signal: a POSIX timer with SIGEV_SIGNAL delivers its
 * signal with si_code SI_TIMER and the sigev_value (int and pointer);
 * timer_gettime/timer_getoverrun work; periodic timers repeat. */
// build: -lrt
#include "check.h"

static volatile sig_atomic_t hits;
static siginfo_t last;
static void handler(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    last = *si;
    hits++;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    REQUIRE_SYS(sigaction(SIGRTMIN + 1, &sa, NULL));

    static int cookie;
    struct sigevent sev;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_SIGNAL;
    sev.sigev_signo = SIGRTMIN + 1;
    sev.sigev_value.sival_ptr = &cookie;
    timer_t tm;
    REQUIRE_SYS(timer_create(CLOCK_MONOTONIC, &sev, &tm));
    struct itimerspec its = { { 0, 0 }, { 0, 100000000 } }, q;
    CHECK_SYS(timer_settime(tm, 0, &its, NULL));
    CHECK_SYS(timer_gettime(tm, &q));
    CHECK(q.it_value.tv_sec == 0 && q.it_value.tv_nsec > 0 && q.it_value.tv_nsec <= 100000000);
    long long t0 = now_ns();
    while (!hits && now_ns() - t0 < 3000000000LL)
        pause();
    CHECK_EQ(hits, 1);
    CHECK(now_ns() - t0 >= 90000000LL);
    CHECK_EQ(last.si_signo, SIGRTMIN + 1);
    CHECK_EQ(last.si_code, SI_TIMER);
    CHECK(last.si_value.sival_ptr == &cookie);
    CHECK(last.si_ptr == &cookie);

    /* Periodic, with an int value. */
    timer_t tm2;
    sev.sigev_value.sival_int = -123456;
    REQUIRE_SYS(timer_create(CLOCK_REALTIME, &sev, &tm2));
    struct itimerspec per = { { 0, 30000000 }, { 0, 30000000 } };
    CHECK_SYS(timer_settime(tm2, 0, &per, NULL));
    hits = 0;
    t0 = now_ns();
    while (hits < 4 && now_ns() - t0 < 3000000000LL)
        pause();
    CHECK(hits >= 4);
    CHECK_EQ(last.si_value.sival_int, -123456);
    CHECK(timer_getoverrun(tm2) >= 0);
    CHECK_SYS(timer_delete(tm2));
    CHECK_SYS(timer_delete(tm));
    CHECK_ERR(timer_settime(tm, 0, &its, NULL), EINVAL);
    return check_done();
}
