/* signal_ucontext_regs: the ucontext a handler receives holds the interrupted
 * registers (REG_RIP at the trapping instruction, REG_RSP near the
 * interrupted frame, full 64-bit general registers), and changes the handler
 * makes to them take effect on return. */
#include "check.h"
#include <ucontext.h>

static long long seen_rip, seen_rsp, seen_rbx, seen_r12, seen_r15;
static unsigned long long seen_flags;
static void handler(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    greg_t *g = uc->uc_mcontext.gregs;
    (void)sig;
    (void)si;
    seen_rip = g[REG_RIP];
    seen_rsp = g[REG_RSP];
    seen_rbx = g[REG_RBX];
    seen_r12 = g[REG_R12];
    seen_r15 = g[REG_R15];
    seen_flags = uc->uc_flags;
    g[REG_RIP] += 2;                            /* past the ud2 */
    g[REG_RAX] = 0x1122334455667788LL;          /* a full 64-bit value */
    g[REG_R12] = -5;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGILL, &sa, NULL));

    unsigned long long rax = 0, r12 = 0, ud2_at = 0, rsp_before = 0;
    __asm__ volatile("movabs $0x0123456789abcdef, %%rbx\n\t"
                     "movabs $0xfedcba9876543210, %%r12\n\t"
                     "movabs $0x8000000000000001, %%r15\n\t"
                     "mov %%rsp, %3\n\t"
                     "lea 1f(%%rip), %2\n\t"
                     "xor %%eax, %%eax\n"
                     "1:\tud2\n\t"
                     "mov %%rax, %0\n\t"
                     "mov %%r12, %1\n\t"
                     : "=m"(rax), "=m"(r12), "=r"(ud2_at), "=r"(rsp_before)
                     : : "rax", "rbx", "r12", "r15", "memory");
    CHECK_EQ(seen_rip, (long long)ud2_at);
    CHECK_EQ(seen_rsp, (long long)rsp_before);
    CHECK_EQ(seen_rbx, 0x0123456789abcdefLL);
    CHECK_EQ(seen_r12, (long long)0xfedcba9876543210ULL);
    CHECK_EQ(seen_r15, (long long)0x8000000000000001ULL);
    CHECK_EQ(rax, 0x1122334455667788ULL);
    CHECK_EQ(r12, (unsigned long long)-5LL);
    /* Kernel frames say the FP state is in xsave format and SS is saved. */
    CHECK(seen_flags & 1);                      /* UC_FP_XSTATE */
    return check_done();
}
