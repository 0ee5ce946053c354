/* tests/vm/syscall_table/time.c: clocks and timers: timer_create, clock_gettime,
 * gettimeofday, times, and the timeouts of futex, nanosleep and itimers. */

#include "syscall_table.h"

void case_timer_create(void)
{
    block(SIGRTMIN + 1);
    struct sigevent ev = signal_event(SIGRTMIN + 1, 99);
    timer_t t;
    out("%s", rv(timer_create(CLOCK_MONOTONIC, &ev, &t)));
    struct itimerspec its = {{0, 0}, {0, 10000000}};
    out("settime=%s", rv(timer_settime(t, 0, &its, NULL)));
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGRTMIN + 1);
    siginfo_t si;
    memset(&si, 0, sizeof si);
    out("wait=%s", signame((int)sigwaitinfo(&s, &si)));
    siginfo_fields(&si);
    out("value=%d timerid=%s overrun=%d", si.si_value.sival_int,
        si.si_timerid == (int)(intptr_t)t ? "match" : "other", si.si_overrun);
    struct itimerspec cur;
    out("gettime=%s", rv(timer_gettime(t, &cur)));
    out("disarmed=%s", cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec == 0 ? "yes" : "no");
    out("delete=%s", rv(timer_delete(t)));
    /* SIGEV_THREAD_ID to ourselves, and a bad notify type. */
    ev.sigev_notify = SIGEV_THREAD_ID;
    ev._sigev_un._tid = gettid();
    out("thread-id=%s", rv(timer_create(CLOCK_REALTIME, &ev, &t)));
    ev.sigev_notify = 77;
    out("bad-notify=%s", rv(timer_create(CLOCK_REALTIME, &ev, &t)));
}

void case_clock_gettime(void)
{
    struct timespec raw, vdso;
    long long r = sc6(SYS_clock_gettime, CLOCK_MONOTONIC, (long long)(uintptr_t)&raw, 0, 0, 0, 0);
    clock_gettime(CLOCK_MONOTONIC, &vdso);
    out("raw=%s sec>0=%s nsec<1e9=%s vdso-agrees=%s", rr(r), raw.tv_sec > 0 ? "yes" : "no",
        raw.tv_nsec >= 0 && raw.tv_nsec < 1000000000 ? "yes" : "no",
        vdso.tv_sec - raw.tv_sec <= 1 && vdso.tv_sec >= raw.tv_sec ? "yes" : "no");
    struct timespec rt;
    clock_gettime(CLOCK_REALTIME, &rt);
    out("realtime-after-2020=%s", rt.tv_sec > 1577836800 ? "yes" : "no");
    out("einval=%s", rr(sc6(SYS_clock_gettime, 12345, (long long)(uintptr_t)&raw, 0, 0, 0, 0)));
    out("efault=%s", rr(sc6(SYS_clock_gettime, CLOCK_MONOTONIC, 16, 0, 0, 0, 0)));
    struct timespec res;
    out("getres=%s", rr(sc6(SYS_clock_getres, CLOCK_MONOTONIC, (long long)(uintptr_t)&res, 0, 0, 0, 0)));
    struct timespec cpu;
    out("cputime=%s", rv(clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu)));
}

void case_gettimeofday(void)
{
    struct timeval tv;
    struct { int mw, dst; } tz = {-1, -1};
    long long r = sc6(SYS_gettimeofday, (long long)(uintptr_t)&tv, (long long)(uintptr_t)&tz, 0, 0, 0, 0);
    time_t now = time(NULL);
    /* time() reads the kernel's coarse clock, which can trail gettimeofday() by a
     * tick across a second boundary: one second either way agrees. */
    out("%s usec<1e6=%s agrees-with-time=%s sizeof=%zu", rr(r),
        tv.tv_usec >= 0 && tv.tv_usec < 1000000 ? "yes" : "no",
        now - tv.tv_sec <= 2 && tv.tv_sec - now <= 1 ? "yes" : "no", sizeof tv);
    out("efault=%s", rr(sc6(SYS_gettimeofday, 16, 0, 0, 0, 0, 0)));
}

void case_times(void)
{
    struct tms t;
    memset(&t, 0xff, sizeof t);
    clock_t r = times(&t);
    out("ok=%s fields>=0=%s sizeof=%zu", r != (clock_t)-1 ? "yes" : "no",
        t.tms_utime >= 0 && t.tms_stime >= 0 && t.tms_cutime >= 0 && t.tms_cstime >= 0 ? "yes" : "no",
        sizeof t);
}

void case_futex_time(void)
{
    static uint32_t word = 5;
    struct timespec ts = {0, 20000000};
    out("wait-timeout=%s", rv(syscall(SYS_futex, &word, FUTEX_WAIT, 5, &ts, NULL, 0)));
    out("wait-value-changed=%s", rv(syscall(SYS_futex, &word, FUTEX_WAIT, 6, &ts, NULL, 0)));
    out("wake=%s", rv(syscall(SYS_futex, &word, FUTEX_WAKE, 1, NULL, NULL, 0)));
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    now.tv_nsec += 10000000;
    if (now.tv_nsec >= 1000000000) {
        now.tv_sec++;
        now.tv_nsec -= 1000000000;
    }
    out("clock_nanosleep-abs=%d", clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &now, NULL));
    struct timespec bad = {0, 1000000000};
    out("nanosleep-einval=%s", rv(nanosleep(&bad, NULL)));
    struct timespec rr_;
    out("sched_rr_get_interval=%s", rv(sched_rr_get_interval(0, &rr_)));
    struct itimerval it = {{1, 0}, {5, 0}}, got;
    setitimer(ITIMER_VIRTUAL, &it, NULL);
    out("getitimer=%s", rv(getitimer(ITIMER_VIRTUAL, &got)));
    out("interval=%lld.%06lld value<=5s=%s", (long long)got.it_interval.tv_sec,
        (long long)got.it_interval.tv_usec, got.it_value.tv_sec <= 5 ? "yes" : "no");
    out("bad-which=%s", rv(getitimer(77, &got)));
}
