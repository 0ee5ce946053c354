/* signal_stack_overflow: unbounded recursion overflows the stack; the
 * SIGSEGV handler runs on the alternate stack and siglongjmps back. */
#include "check.h"
#include <setjmp.h>

static sigjmp_buf env;
static char *alt;
static size_t alt_size;
static volatile int handled_on_alt;
static void handler(int sig, siginfo_t *si, void *uc)
{
    char local;
    (void)sig;
    (void)si;
    (void)uc;
    handled_on_alt = &local > alt && &local < alt + alt_size;
    siglongjmp(env, 1);
}

static int recurse(volatile char *prev, int depth)
{
    volatile char buf[1024];
    if (depth > 100000000)              /* never: 100 GB of stack */
        return 0;
    buf[0] = prev ? prev[0] + 1 : 0;
    return recurse(buf, depth + 1) + buf[0];
}

int main(void)
{
    alt_size = 256 * 1024;
    alt = malloc(alt_size);
    REQUIRE(alt != NULL);
    stack_t ss = { .ss_sp = alt, .ss_size = alt_size, .ss_flags = 0 };
    REQUIRE_SYS(sigaltstack(&ss, NULL));
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    REQUIRE_SYS(sigaction(SIGSEGV, &sa, NULL));
    if (sigsetjmp(env, 1) == 0) {
        recurse(NULL, 0);
        CHECK(!"recursion returned");
    }
    CHECK(handled_on_alt);
    /* The program still works normally afterwards. */
    char *p = malloc(1000);
    CHECK(p != NULL);
    free(p);
    return check_done();
}
