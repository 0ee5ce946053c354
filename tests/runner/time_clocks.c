/* time_clocks: clock_gettime (monotonic never goes back and follows real
 * sleeps; realtime agrees with time() and gettimeofday(); CPU-time clocks
 * advance with work), clock_getres, and times(). */
#include "check.h"
#include <sys/time.h>
#include <sys/times.h>

static long long ts_ns(const struct timespec *t) { return t->tv_sec * 1000000000LL + t->tv_nsec; }

int main(void)
{
    struct timespec a, b;
    CHECK_SYS(clock_gettime(CLOCK_MONOTONIC, &a));
    int backwards = 0;
    for (int i = 0; i < 100000; i++) {
        CHECK_SYS(clock_gettime(CLOCK_MONOTONIC, &b)) || (i = 1 << 30);
        if (ts_ns(&b) < ts_ns(&a))
            backwards++;
        a = b;
    }
    CHECK_EQ(backwards, 0);
    CHECK(b.tv_nsec >= 0 && b.tv_nsec < 1000000000);

    CHECK_SYS(clock_gettime(CLOCK_MONOTONIC, &a));
    struct timespec req = { 0, 200000000 };
    nanosleep(&req, NULL);
    CHECK_SYS(clock_gettime(CLOCK_MONOTONIC, &b));
    long long slept = ts_ns(&b) - ts_ns(&a);
    if (!CHECK(slept >= 200000000LL && slept < 2000000000LL))
        fprintf(stderr, "  200 ms sleep measured %lld ns\n", slept);

    struct timespec rt;
    struct timeval tv;
    CHECK_SYS(clock_gettime(CLOCK_REALTIME, &rt));
    CHECK_SYS(gettimeofday(&tv, NULL));
    time_t now = time(NULL);
    time_t via_arg;
    time(&via_arg);
    CHECK(rt.tv_sec > 1700000000LL);    /* after 2023 */
    CHECK(llabs((long long)now - rt.tv_sec) <= 2);
    CHECK(llabs((long long)via_arg - now) <= 1);
    CHECK(llabs((long long)tv.tv_sec - rt.tv_sec) <= 2);
    CHECK(tv.tv_usec >= 0 && tv.tv_usec < 1000000);

    static const clockid_t ids[] = { CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW,
                                     CLOCK_BOOTTIME, CLOCK_REALTIME_COARSE,
                                     CLOCK_MONOTONIC_COARSE, CLOCK_PROCESS_CPUTIME_ID,
                                     CLOCK_THREAD_CPUTIME_ID };
    for (unsigned i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        struct timespec res = { -1, -1 }, t;
        if (!CHECK_SYS(clock_getres(ids[i], &res)) || !CHECK_SYS(clock_gettime(ids[i], &t)))
            fprintf(stderr, "  clock %d\n", (int)ids[i]);
        CHECK(res.tv_sec == 0 && res.tv_nsec > 0 && res.tv_nsec <= 10000000);
    }
    struct timespec res;
    CHECK_SYS(clock_getres(CLOCK_MONOTONIC, &res));
    CHECK_EQ(res.tv_nsec, 1);
    CHECK_ERR(clock_gettime((clockid_t)12345, &a), EINVAL);

    /* CPU clocks advance with work: burn 50 ms of CPU (however long that
     * takes on a loaded machine) and both CPU clocks see it. */
    struct timespec c0, c1, th0, th1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &th0);
    volatile unsigned x = 0;
    long long give_up = now_ns() + 10000000000LL;
    do {
        for (int i = 0; i < 10000; i++)
            x += i;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    } while (ts_ns(&c1) - ts_ns(&c0) < 50000000LL && now_ns() < give_up);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &th1);
    CHECK(ts_ns(&c1) - ts_ns(&c0) >= 50000000LL);
    CHECK(ts_ns(&th1) - ts_ns(&th0) >= 45000000LL);
    struct tms tm;
    clock_t ticks = times(&tm);
    CHECK(ticks != (clock_t)-1);
    CHECK(tm.tms_utime + tm.tms_stime >= 2);   /* about 5 ticks burned; sampled */
    CHECK(clock() > 0);
    return check_done();
}
