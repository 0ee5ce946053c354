/* signal_ucontext_stack: uc_stack in a handler's ucontext describes the
 * alternate stack; a handler that rewrites uc_stack changes the altstack
 * after sigreturn; SS_AUTODISARM disarms the altstack while the handler
 * runs and re-arms it on return. */
#include "check.h"
#include <ucontext.h>

#ifndef SS_AUTODISARM
#define SS_AUTODISARM (1U << 31)
#endif

static char alt1[65536], alt2[65536];
static stack_t seen_uc_stack, seen_inside;
static volatile int switch_stack;   /* read in the handler */

static void handler(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    (void)sig;
    (void)si;
    seen_uc_stack = uc->uc_stack;
    sigaltstack(NULL, &seen_inside);
    if (switch_stack) {
        uc->uc_stack.ss_sp = alt2;
        uc->uc_stack.ss_size = sizeof alt2;
        uc->uc_stack.ss_flags = 0;
    }
}

int main(void)
{
    stack_t ss = { .ss_sp = alt1, .ss_size = sizeof alt1, .ss_flags = 0 }, q;
    REQUIRE_SYS(sigaltstack(&ss, NULL));
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));

    raise(SIGUSR1);
    CHECK(seen_uc_stack.ss_sp == alt1);
    CHECK_EQ(seen_uc_stack.ss_size, sizeof alt1);
    CHECK_EQ(seen_uc_stack.ss_flags, 0);    /* the interrupted code was not on it */
    CHECK_EQ(seen_inside.ss_flags, SS_ONSTACK);

    /* The kernel applies uc_stack at sigreturn, unless that happens on the
     * altstack itself (EPERM, ignored): use a handler on the normal stack. */
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGUSR2, &sa, NULL));
    switch_stack = 1;
    raise(SIGUSR2);
    switch_stack = 0;
    CHECK(seen_uc_stack.ss_sp == alt1);
    CHECK_EQ(seen_inside.ss_flags, 0);
    CHECK_SYS(sigaltstack(NULL, &q));
    CHECK(q.ss_sp == alt2);
    CHECK_EQ(q.ss_size, sizeof alt2);

    /* SS_AUTODISARM */
    ss.ss_sp = alt1;
    ss.ss_size = sizeof alt1;
    ss.ss_flags = SS_AUTODISARM;
    REQUIRE_SYS(sigaltstack(&ss, NULL));
    CHECK_SYS(sigaltstack(NULL, &q));
    CHECK_EQ((unsigned)q.ss_flags, SS_AUTODISARM);
    raise(SIGUSR1);
    CHECK_EQ(seen_inside.ss_flags, SS_DISABLE);
    CHECK((unsigned)seen_uc_stack.ss_flags & SS_AUTODISARM);
    CHECK(seen_uc_stack.ss_sp == alt1);
    CHECK_SYS(sigaltstack(NULL, &q));
    CHECK(q.ss_sp == alt1);
    CHECK_EQ((unsigned)q.ss_flags, SS_AUTODISARM);
    return check_done();
}
