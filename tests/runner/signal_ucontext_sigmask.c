/* signal_ucontext_sigmask: uc_sigmask holds the mask of the interrupted code,
 * and a handler that edits uc_sigmask changes the mask after it returns. */
#include "check.h"
#include <ucontext.h>

static sigset_t seen;
static void handler(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    (void)sig;
    (void)si;
    seen = uc->uc_sigmask;
    if (sig == SIGUSR1)
        sigaddset(&uc->uc_sigmask, SIGRTMIN + 4);   /* blocked after return */
}

static int blocked(int s)
{
    sigset_t cur;
    sigprocmask(SIG_BLOCK, NULL, &cur);
    return sigismember(&cur, s);
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    sigaddset(&sa.sa_mask, SIGHUP);
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));
    REQUIRE_SYS(sigaction(SIGUSR2, &sa, NULL));

    sigset_t m;
    sigemptyset(&m);
    sigaddset(&m, SIGTERM);
    sigaddset(&m, SIGRTMAX);
    sigprocmask(SIG_SETMASK, &m, NULL);
    raise(SIGUSR2);
    CHECK(sigismember(&seen, SIGTERM));
    CHECK(sigismember(&seen, SIGRTMAX));
    CHECK(!sigismember(&seen, SIGUSR2));         /* the pre-handler mask */
    CHECK(!sigismember(&seen, SIGHUP));

    raise(SIGUSR1);
    CHECK(blocked(SIGRTMIN + 4));
    CHECK(blocked(SIGTERM));
    CHECK(!blocked(SIGUSR1));
    CHECK(!blocked(SIGHUP));
    return check_done();
}
