/* signal_sigqueue_value: sigqueue delivers si_code SI_QUEUE, si_pid, si_uid
 * and the sigval (an int and a pointer) to SA_SIGINFO handlers, and real-time
 * signals queue each value in order. */
#include "check.h"

#define MAXQ 8
static siginfo_t got[MAXQ];
static volatile sig_atomic_t hits;
static void handler(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    if (hits < MAXQ)
        got[hits] = *si;
    hits++;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));
    REQUIRE_SYS(sigaction(SIGRTMIN + 2, &sa, NULL));

    union sigval v;
    v.sival_int = 0x12345678;
    CHECK_SYS(sigqueue(getpid(), SIGUSR1, v));
    CHECK_EQ(hits, 1);
    CHECK_EQ(got[0].si_signo, SIGUSR1);
    CHECK_EQ(got[0].si_code, SI_QUEUE);
    CHECK_EQ(got[0].si_pid, getpid());
    CHECK_EQ(got[0].si_uid, getuid());
    CHECK_EQ(got[0].si_value.sival_int, 0x12345678);
    CHECK_EQ(got[0].si_int, 0x12345678);

    static int target;
    v.sival_ptr = &target;
    hits = 0;
    CHECK_SYS(sigqueue(getpid(), SIGUSR1, v));
    CHECK_EQ(hits, 1);
    CHECK(got[0].si_value.sival_ptr == &target);
    CHECK(got[0].si_ptr == &target);

    /* Blocked RT signal queued five times: five deliveries, FIFO values. */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGRTMIN + 2);
    sigprocmask(SIG_BLOCK, &block, &old);
    for (int i = 0; i < 5; i++) {
        v.sival_int = 100 + i;
        CHECK_SYS(sigqueue(getpid(), SIGRTMIN + 2, v));
    }
    hits = 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
    CHECK_EQ(hits, 5);
    for (int i = 0; i < 5 && i < hits; i++) {
        CHECK_EQ(got[i].si_signo, SIGRTMIN + 2);
        CHECK_EQ(got[i].si_value.sival_int, 100 + i);
    }
    /* A negative value survives (no truncation or sign trouble). */
    v.sival_int = -2;
    hits = 0;
    CHECK_SYS(sigqueue(getpid(), SIGUSR1, v));
    CHECK_EQ(got[0].si_value.sival_int, -2);
    return check_done();
}
