/* signal_timer_thread_id: a POSIX timer with SIGEV_THREAD_ID delivers to the
 * named thread only (the sigevent's thread-id field), and a CPU-time timer
 * (CLOCK_PROCESS_CPUTIME_ID) fires while the process computes. */
// build: -pthread -lrt
#include "check.h"
#include <pthread.h>

#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid
#endif

static volatile pid_t target_tid, handled_in;
static volatile int stop, hits;
static void handler(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    if (si->si_code == SI_TIMER && si->si_value.sival_int == 55) {
        handled_in = gettid();
        hits++;
    }
}

static void *target(void *arg)
{
    (void)arg;
    target_tid = gettid();
    while (!stop)
        sleep_ms(1);
    return NULL;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGRTMIN + 2, &sa, NULL));
    pthread_t t;
    REQUIRE(pthread_create(&t, NULL, target, NULL) == 0);
    while (!target_tid)
        sleep_ms(1);

    struct sigevent sev;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_THREAD_ID;
    sev.sigev_signo = SIGRTMIN + 2;
    sev.sigev_value.sival_int = 55;
    sev.sigev_notify_thread_id = target_tid;
    timer_t tm;
    REQUIRE_SYS(timer_create(CLOCK_MONOTONIC, &sev, &tm));
    struct itimerspec its = { { 0, 20000000 }, { 0, 20000000 } };
    CHECK_SYS(timer_settime(tm, 0, &its, NULL));
    for (int i = 0; i < 2000 && hits < 3; i++)
        sleep_ms(1);
    timer_delete(tm);
    CHECK(hits >= 3);
    CHECK_EQ(handled_in, target_tid);
    stop = 1;
    pthread_join(t, NULL);

    /* A CPU-time timer signalling the process. */
    hits = 0;
    sev.sigev_notify = SIGEV_SIGNAL;
    REQUIRE_SYS(timer_create(CLOCK_PROCESS_CPUTIME_ID, &sev, &tm));
    struct itimerspec cpu = { { 0, 0 }, { 0, 30000000 } };
    CHECK_SYS(timer_settime(tm, 0, &cpu, NULL));
    volatile unsigned x = 0;
    long long give_up = now_ns() + 10000000000LL;
    while (!hits && now_ns() < give_up)
        for (int i = 0; i < 10000; i++)
            x += i;
    CHECK_EQ(hits, 1);
    timer_delete(tm);
    return check_done();
}
