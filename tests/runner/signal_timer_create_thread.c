/* signal_timer_create_thread: a SIGEV_THREAD timer calls its function in
 * another thread with the sigev_value pointer, once per expiry. */
// build: -pthread -lrt
#include "check.h"
#include <pthread.h>

static pthread_t main_thread;
static volatile int calls, wrong_arg, in_main;
static int cookie;

static void notify(union sigval v)
{
    if (v.sival_ptr != &cookie)
        wrong_arg++;
    if (pthread_equal(pthread_self(), main_thread))
        in_main++;
    __atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST);
}

int main(void)
{
    main_thread = pthread_self();
    struct sigevent sev;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_THREAD;
    sev.sigev_notify_function = notify;
    sev.sigev_value.sival_ptr = &cookie;
    timer_t tm;
    REQUIRE_SYS(timer_create(CLOCK_MONOTONIC, &sev, &tm));
    struct itimerspec once = { { 0, 0 }, { 0, 50000000 } };
    CHECK_SYS(timer_settime(tm, 0, &once, NULL));
    long long t0 = now_ns();
    while (calls < 1 && now_ns() - t0 < 3000000000LL)
        sleep_ms(5);
    CHECK_EQ(calls, 1);
    struct itimerspec per = { { 0, 20000000 }, { 0, 20000000 } };
    CHECK_SYS(timer_settime(tm, 0, &per, NULL));
    while (calls < 6 && now_ns() - t0 < 5000000000LL)
        sleep_ms(5);
    CHECK(calls >= 6);
    CHECK_SYS(timer_delete(tm));
    CHECK_EQ(wrong_arg, 0);
    CHECK_EQ(in_main, 0);
    return check_done();
}
