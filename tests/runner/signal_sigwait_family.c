/* signal_sigwait_family: sigwait, sigwaitinfo and sigtimedwait take blocked
 * signals synchronously with their siginfo; sigtimedwait times out with
 * EAGAIN after about the requested time. */
#include "check.h"

int main(void)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    sigaddset(&set, SIGRTMIN + 1);
    sigprocmask(SIG_BLOCK, &set, NULL);

    raise(SIGUSR1);
    int sig = 0;
    CHECK_EQ(sigwait(&set, &sig), 0);
    CHECK_EQ(sig, SIGUSR1);

    union sigval v = { .sival_int = 4242 };
    CHECK_SYS(sigqueue(getpid(), SIGRTMIN + 1, v));
    siginfo_t si;
    memset(&si, 0, sizeof si);
    CHECK_EQ(sigwaitinfo(&set, &si), SIGRTMIN + 1);
    CHECK_EQ(si.si_signo, SIGRTMIN + 1);
    CHECK_EQ(si.si_code, SI_QUEUE);
    CHECK_EQ(si.si_pid, getpid());
    CHECK_EQ(si.si_uid, getuid());
    CHECK_EQ(si.si_value.sival_int, 4242);

    struct timespec ts = { 0, 150000000 };
    long long t0 = now_ns();
    CHECK_ERR(sigtimedwait(&set, &si, &ts), EAGAIN);
    long long dt = now_ns() - t0;
    if (!CHECK(dt >= 140000000LL && dt < 2000000000LL))
        fprintf(stderr, "  waited %lld ns\n", dt);

    /* A zero timeout polls. */
    struct timespec zero = { 0, 0 };
    CHECK_ERR(sigtimedwait(&set, &si, &zero), EAGAIN);
    kill(getpid(), SIGUSR1);
    memset(&si, 0, sizeof si);
    CHECK_EQ(sigtimedwait(&set, &si, &zero), SIGUSR1);
    CHECK_EQ(si.si_code, SI_USER);
    CHECK_EQ(si.si_pid, getpid());

    /* A signal sent by a child while we wait. */
    pid_t parent = getpid();
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        sleep_ms(50);
        union sigval cv = { .sival_int = -77 };
        sigqueue(parent, SIGRTMIN + 1, cv);
        _exit(0);
    }
    struct timespec longer = { 5, 0 };
    memset(&si, 0, sizeof si);
    CHECK_EQ(sigtimedwait(&set, &si, &longer), SIGRTMIN + 1);
    CHECK_EQ(si.si_pid, pid);
    CHECK_EQ(si.si_value.sival_int, -77);
    CHECK_EXITED(wait_status(pid), 0);
    /* Bad timeout. */
    struct timespec bad = { 0, 1000000000 };
    CHECK_ERR(sigtimedwait(&set, &si, &bad), EINVAL);
    return check_done();
}
