/* signal_sigill_sigtrap: ud2 raises SIGILL (ILL_ILLOPN, si_addr = the ud2);
 * int3 raises SIGTRAP with REG_RIP just after it.  Both handlers resume by
 * editing REG_RIP. */
#include "check.h"
#include <ucontext.h>

static siginfo_t got;
static long long rip_seen;
static void on_ill(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    (void)sig;
    got = *si;
    rip_seen = uc->uc_mcontext.gregs[REG_RIP];
    uc->uc_mcontext.gregs[REG_RIP] += 2;            /* skip the ud2 */
}
static void on_trap(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    (void)sig;
    got = *si;
    rip_seen = uc->uc_mcontext.gregs[REG_RIP];      /* already past int3 */
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_ill;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGILL, &sa, NULL));
    sa.sa_sigaction = on_trap;
    REQUIRE_SYS(sigaction(SIGTRAP, &sa, NULL));

    uintptr_t at = 0;
    __asm__ volatile("lea 1f(%%rip), %q0\n1:\tud2" : "=r"(at) : : "memory");
    CHECK_EQ(got.si_signo, SIGILL);
    CHECK_EQ(got.si_code, ILL_ILLOPN);
    CHECK_EQ((uintptr_t)got.si_addr, at);
    CHECK_EQ(rip_seen, (long long)at);

    memset(&got, 0, sizeof got);
    __asm__ volatile("int3\n1:\tlea 1b(%%rip), %q0" : "=r"(at) : : "memory");
    CHECK_EQ(got.si_signo, SIGTRAP);
    CHECK_EQ(got.si_code, SI_KERNEL);
    CHECK_EQ(rip_seen, (long long)at);
    return check_done();
}
