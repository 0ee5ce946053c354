/* signal_sigaltstack_nested: a signal arriving while a handler already runs
 * on the alternate stack nests on that stack below the first frame; both
 * see SS_ONSTACK, and changing the altstack while on it is EPERM. */
#include "check.h"

static char *alt;
static size_t alt_size = 128 * 1024;
static char *outer_local, *inner_local;
static volatile int outer_flags, inner_flags, change_err;

static void inner(int sig)
{
    char local;
    stack_t s;
    (void)sig;
    inner_local = &local;
    sigaltstack(NULL, &s);
    inner_flags = s.ss_flags;
}

static void outer(int sig)
{
    char local;
    stack_t s;
    (void)sig;
    outer_local = &local;
    sigaltstack(NULL, &s);
    outer_flags = s.ss_flags;
    stack_t other = { .ss_sp = alt, .ss_size = alt_size / 2, .ss_flags = 0 };
    change_err = sigaltstack(&other, NULL) == -1 ? errno : 0;
    raise(SIGUSR2);
}

int main(void)
{
    alt = malloc(alt_size);
    REQUIRE(alt != NULL);
    stack_t ss = { .ss_sp = alt, .ss_size = alt_size, .ss_flags = 0 };
    REQUIRE_SYS(sigaltstack(&ss, NULL));
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_flags = SA_ONSTACK;
    sa.sa_handler = inner;
    REQUIRE_SYS(sigaction(SIGUSR2, &sa, NULL));
    sa.sa_handler = outer;
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));
    raise(SIGUSR1);
    CHECK(outer_local > alt && outer_local < alt + alt_size);
    CHECK(inner_local > alt && inner_local < alt + alt_size);
    CHECK(inner_local < outer_local);           /* nested below the outer frame */
    CHECK_EQ(outer_flags, SS_ONSTACK);
    CHECK_EQ(inner_flags, SS_ONSTACK);
    CHECK_EQ(change_err, EPERM);
    stack_t q;
    CHECK_SYS(sigaltstack(NULL, &q));
    CHECK_EQ(q.ss_flags, 0);
    CHECK_EQ(q.ss_size, alt_size);
    return check_done();
}
