/* signal_nanosleep_remaining: nanosleep interrupted by a handled signal
 * returns EINTR (even with SA_RESTART) and the unslept time in *rem;
 * clock_nanosleep returns EINTR as its result. */
#include "check.h"
#include <sys/time.h>

static void on_alarm(int sig) { (void)sig; }

static void one_shot_ms(long ms)
{
    struct itimerval it = { { 0, 0 }, { ms / 1000, (ms % 1000) * 1000 } };
    setitimer(ITIMER_REAL, &it, NULL);
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    for (int restart = 0; restart < 2; restart++) {
        sa.sa_flags = restart ? SA_RESTART : 0;
        REQUIRE_SYS(sigaction(SIGALRM, &sa, NULL));
        struct timespec req = { 2, 0 }, rem = { -1, -1 };
        one_shot_ms(200);
        CHECK_ERR(nanosleep(&req, &rem), EINTR);
        long long left = rem.tv_sec * 1000000000LL + rem.tv_nsec;
        if (!CHECK(left > 1500000000LL && left < 1850000000LL))
            fprintf(stderr, "  SA_RESTART=%d: remaining %lld ns\n", restart, left);
        CHECK(rem.tv_nsec >= 0 && rem.tv_nsec < 1000000000LL);
    }
    struct timespec req = { 1, 0 }, rem = { 0, 0 };
    one_shot_ms(100);
    CHECK_EQ(clock_nanosleep(CLOCK_MONOTONIC, 0, &req, &rem), EINTR);
    long long left = rem.tv_sec * 1000000000LL + rem.tv_nsec;
    CHECK(left > 700000000LL && left < 950000000LL);
    /* Absolute sleeps do not report a remainder but are interrupted too. */
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    now.tv_sec += 1;
    one_shot_ms(100);
    CHECK_EQ(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &now, NULL), EINTR);
    /* An invalid request is EINVAL. */
    struct timespec bad = { 0, -1 };
    CHECK_ERR(nanosleep(&bad, NULL), EINVAL);
    return check_done();
}
