/* signal_sigaction_query: sigaction returns the previously installed action
 * exactly: handler, flags and every bit of sa_mask (64 signals). */
#include "check.h"

#ifndef SA_RESTORER
#define SA_RESTORER 0x04000000 /* set by glibc; not part of the request */
#endif

static void h1(int sig) { (void)sig; }
static void h2(int sig, siginfo_t *si, void *uc) { (void)sig; (void)si; (void)uc; }

int main(void)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = h1;
    sa.sa_flags = SA_RESTART | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGUSR2);
    sigaddset(&sa.sa_mask, SIGRTMIN + 1);
    sigaddset(&sa.sa_mask, SIGRTMAX);
    sigaddset(&sa.sa_mask, 33);
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));

    memset(&old, 0x55, sizeof old);
    REQUIRE_SYS(sigaction(SIGUSR1, NULL, &old));
    CHECK(old.sa_handler == h1);
    CHECK_EQ((unsigned)old.sa_flags & ~SA_RESTORER, SA_RESTART | SA_NODEFER);
    for (int s = 1; s < NSIG; s++)
        if (sigismember(&old.sa_mask, s) != sigismember(&sa.sa_mask, s))
            CHECK_EQ(sigismember(&old.sa_mask, s) * 1000 + s, sigismember(&sa.sa_mask, s) * 1000 + s);

    /* Swap in a SA_SIGINFO action and get the first one back as "old". */
    struct sigaction sb;
    memset(&sb, 0, sizeof sb);
    sb.sa_sigaction = h2;
    sb.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sigfillset(&sb.sa_mask);
    memset(&old, 0, sizeof old);
    REQUIRE_SYS(sigaction(SIGUSR1, &sb, &old));
    CHECK(old.sa_handler == h1);
    CHECK(sigismember(&old.sa_mask, SIGRTMAX));
    CHECK(!sigismember(&old.sa_mask, SIGTERM));
    memset(&old, 0, sizeof old);
    REQUIRE_SYS(sigaction(SIGUSR1, NULL, &old));
    CHECK(old.sa_sigaction == h2);
    CHECK_EQ((unsigned)old.sa_flags & ~SA_RESTORER, SA_SIGINFO | SA_ONSTACK | SA_RESETHAND);
    /* The kernel drops SIGKILL/SIGSTOP from the mask; all else is kept. */
    for (int s = 1; s < NSIG; s++) {
        if (s == SIGKILL || s == SIGSTOP || (s >= 32 && s < SIGRTMIN))
            continue;
        if (!sigismember(&old.sa_mask, s))
            CHECK_EQ(s, 0);
    }
    /* Default dispositions read back as SIG_DFL / SIG_IGN. */
    signal(SIGUSR2, SIG_IGN);
    REQUIRE_SYS(sigaction(SIGUSR2, NULL, &old));
    CHECK(old.sa_handler == SIG_IGN);
    REQUIRE_SYS(sigaction(SIGWINCH, NULL, &old));
    CHECK(old.sa_handler == SIG_DFL);
    /* The old signal() API returns the previous handler. */
    CHECK(signal(SIGUSR2, h1) == SIG_IGN);
    CHECK(signal(SIGUSR2, SIG_DFL) == h1);
    return check_done();
}
