/* signal_fork_inherit: a forked child inherits handlers, the signal mask and
 * the alternate stack, but not pending signals; a vforked child's signal
 * does not disturb the parent's handlers. */
#include "check.h"

static volatile sig_atomic_t hits;
static void handler(int sig) { (void)sig; hits++; }

static void child(void)
{
    sigset_t cur, pend;
    sigprocmask(SIG_BLOCK, NULL, &cur);
    CHECK(sigismember(&cur, SIGUSR2));
    sigpending(&pend);
    CHECK(!sigismember(&pend, SIGUSR2));         /* pending is not inherited */
    stack_t ss;
    sigaltstack(NULL, &ss);
    CHECK_EQ(ss.ss_flags, 0);
    CHECK_EQ(ss.ss_size, 65536);
    hits = 0;
    raise(SIGUSR1);
    CHECK_EQ(hits, 1);                           /* handler inherited */
}

int main(void)
{
    signal(SIGUSR1, handler);
    signal(SIGUSR2, handler);
    static char alt[65536];
    stack_t ss = { .ss_sp = alt, .ss_size = sizeof alt, .ss_flags = 0 };
    REQUIRE_SYS(sigaltstack(&ss, NULL));
    sigset_t m;
    sigemptyset(&m);
    sigaddset(&m, SIGUSR2);
    sigprocmask(SIG_BLOCK, &m, NULL);
    raise(SIGUSR2);
    CHECK_EXITED(run_child(child), 0);
    CHECK_EQ(hits, 0);
    sigprocmask(SIG_UNBLOCK, &m, NULL);
    CHECK_EQ(hits, 1);                           /* still pending in the parent */
    return check_done();
}
