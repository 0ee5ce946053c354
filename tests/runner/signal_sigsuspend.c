/* signal_sigsuspend: sigsuspend atomically swaps in a mask, runs the handler
 * of a signal sent while waiting, returns -1/EINTR and restores the mask. */
#include "check.h"

static volatile sig_atomic_t hits;
static sigset_t mask_in_handler;
static void handler(int sig)
{
    (void)sig;
    hits++;
    sigprocmask(SIG_BLOCK, NULL, &mask_in_handler);
}

int main(void)
{
    signal(SIGUSR1, handler);
    sigset_t block, wait_mask, after;
    sigemptyset(&block);
    sigaddset(&block, SIGUSR1);
    sigaddset(&block, SIGUSR2);
    sigprocmask(SIG_BLOCK, &block, NULL);

    /* Pending before the call: delivered as soon as sigsuspend unblocks it. */
    raise(SIGUSR1);
    sigfillset(&wait_mask);
    sigdelset(&wait_mask, SIGUSR1);
    CHECK_ERR(sigsuspend(&wait_mask), EINTR);
    CHECK_EQ(hits, 1);
    CHECK(sigismember(&mask_in_handler, SIGTERM));  /* the temporary mask */
    sigprocmask(SIG_BLOCK, NULL, &after);
    CHECK(sigismember(&after, SIGUSR1));
    CHECK(sigismember(&after, SIGUSR2));
    CHECK(!sigismember(&after, SIGTERM));

    /* Sent by another process while we sleep. */
    pid_t parent = getpid();
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        sleep_ms(100);
        kill(parent, SIGUSR1);
        _exit(0);
    }
    sigemptyset(&wait_mask);
    long long t0 = now_ns();
    CHECK_ERR(sigsuspend(&wait_mask), EINTR);
    CHECK(now_ns() - t0 > 50000000LL);
    CHECK_EQ(hits, 2);
    CHECK_EXITED(wait_status(pid), 0);
    sigprocmask(SIG_BLOCK, NULL, &after);
    CHECK(sigismember(&after, SIGUSR1));
    return check_done();
}
