/* signal_sigaltstack: a SA_ONSTACK handler runs on the alternate stack,
 * sigaltstack() inside it reports SS_ONSTACK (and the stack), outside it
 * reports 0; SS_DISABLE turns it off; a too-small stack is ENOMEM. */
#include "check.h"

static char *alt;
static size_t alt_size;
static volatile int on_alt, flags_inside;
static stack_t inside;
static void handler(int sig)
{
    char local;
    (void)sig;
    on_alt = &local > alt && &local < alt + alt_size;
    sigaltstack(NULL, &inside);
    flags_inside = inside.ss_flags;
}

int main(void)
{
    alt_size = 64 * 1024;
    alt = malloc(alt_size);
    REQUIRE(alt != NULL);
    stack_t ss = { .ss_sp = alt, .ss_size = alt_size, .ss_flags = 0 }, old;
    CHECK_SYS(sigaltstack(&ss, &old));
    CHECK_EQ(old.ss_flags, SS_DISABLE);

    stack_t q;
    memset(&q, 0xff, sizeof q);
    CHECK_SYS(sigaltstack(NULL, &q));
    CHECK(q.ss_sp == alt);
    CHECK_EQ(q.ss_size, alt_size);
    CHECK_EQ(q.ss_flags, 0);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sa.sa_flags = SA_ONSTACK;
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));
    raise(SIGUSR1);
    CHECK(on_alt);
    CHECK_EQ(flags_inside, SS_ONSTACK);
    CHECK(inside.ss_sp == alt);
    CHECK_EQ(inside.ss_size, alt_size);

    /* Without SA_ONSTACK the handler stays on the normal stack. */
    sa.sa_flags = 0;
    REQUIRE_SYS(sigaction(SIGUSR2, &sa, NULL));
    on_alt = -1;
    raise(SIGUSR2);
    CHECK_EQ(on_alt, 0);
    CHECK_EQ(flags_inside, 0);

    /* Disabled: SA_ONSTACK handlers use the normal stack. */
    stack_t off = { .ss_flags = SS_DISABLE };
    CHECK_SYS(sigaltstack(&off, NULL));
    CHECK_SYS(sigaltstack(NULL, &q));
    CHECK_EQ(q.ss_flags, SS_DISABLE);
    on_alt = -1;
    raise(SIGUSR1);
    CHECK_EQ(on_alt, 0);

    stack_t tiny = { .ss_sp = alt, .ss_size = 512, .ss_flags = 0 };
    CHECK_ERR(sigaltstack(&tiny, NULL), ENOMEM);
    stack_t badflags = { .ss_sp = alt, .ss_size = alt_size, .ss_flags = 0x1234 };
    CHECK_ERR(sigaltstack(&badflags, NULL), EINVAL);
    return check_done();
}
