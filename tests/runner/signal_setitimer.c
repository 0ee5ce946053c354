/* signal_setitimer: ITIMER_REAL fires periodically (getitimer reports the
 * interval and time left), ITIMER_VIRTUAL and ITIMER_PROF fire while the
 * process burns CPU. */
#include "check.h"
#include <sys/time.h>

static volatile sig_atomic_t real_ticks, virt_ticks, prof_ticks;
static void on_sig(int sig)
{
    if (sig == SIGALRM)
        real_ticks++;
    else if (sig == SIGVTALRM)
        virt_ticks++;
    else if (sig == SIGPROF)
        prof_ticks++;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sig;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGALRM, &sa, NULL);
    sigaction(SIGVTALRM, &sa, NULL);
    sigaction(SIGPROF, &sa, NULL);

    struct itimerval it = { { 0, 50000 }, { 0, 50000 } }, q;
    CHECK_SYS(setitimer(ITIMER_REAL, &it, NULL));
    CHECK_SYS(getitimer(ITIMER_REAL, &q));
    CHECK_EQ(q.it_interval.tv_sec, 0);
    CHECK_EQ(q.it_interval.tv_usec, 50000);
    CHECK(q.it_value.tv_usec > 0 && q.it_value.tv_usec <= 50000);
    long long t0 = now_ns();
    while (real_ticks < 5 && now_ns() - t0 < 3000000000LL)
        pause();
    long long dt = now_ns() - t0;
    CHECK_EQ(real_ticks, 5);
    if (!CHECK(dt >= 230000000LL && dt < 2000000000LL))
        fprintf(stderr, "  5 ticks in %lld ns\n", dt);
    struct itimerval off = { { 0, 0 }, { 0, 0 } }, old;
    CHECK_SYS(setitimer(ITIMER_REAL, &off, &old));
    CHECK_EQ(old.it_interval.tv_usec, 50000);
    CHECK_SYS(getitimer(ITIMER_REAL, &q));
    CHECK_EQ(q.it_value.tv_sec + q.it_value.tv_usec, 0);

    /* CPU timers. */
    struct itimerval cpu = { { 0, 20000 }, { 0, 20000 } };
    CHECK_SYS(setitimer(ITIMER_VIRTUAL, &cpu, NULL));
    CHECK_SYS(setitimer(ITIMER_PROF, &cpu, NULL));
    volatile unsigned x = 0;
    t0 = now_ns();
    while ((virt_ticks < 3 || prof_ticks < 3) && now_ns() - t0 < 5000000000LL)
        for (int i = 0; i < 10000; i++)
            x += i;
    setitimer(ITIMER_VIRTUAL, &off, NULL);
    setitimer(ITIMER_PROF, &off, NULL);
    CHECK(virt_ticks >= 3);
    CHECK(prof_ticks >= 3);
    /* A bad microsecond field is EINVAL. */
    struct itimerval bad = { { 0, 0 }, { 0, 1000000 } };
    CHECK_ERR(setitimer(ITIMER_REAL, &bad, NULL), EINVAL);
    return check_done();
}
