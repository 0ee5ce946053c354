/* signal_sigfpe: integer division by zero raises SIGFPE with FPE_INTDIV and
 * si_addr at the faulting instruction (which REG_RIP also names). */
#include "check.h"
#include <setjmp.h>
#include <ucontext.h>

static sigjmp_buf env;
static siginfo_t got;
static long long rip;
static void handler(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    (void)sig;
    got = *si;
    rip = uc->uc_mcontext.gregs[REG_RIP];
    siglongjmp(env, 1);
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGFPE, &sa, NULL));
    static volatile unsigned long long insn_addr;
    if (sigsetjmp(env, 1) == 0) {
        int a = 7, b = 0;
        /* Record the idiv's address in memory before it faults. */
        __asm__ volatile("lea 1f(%%rip), %%rcx\n\t"
                         "movq %%rcx, %0\n\t"
                         "mov %1, %%eax\n\t"
                         "cltd\n"
                         "1:\tidivl %2\n\t"
                         : "=m"(insn_addr) : "r"(a), "r"(b) : "rax", "rcx", "rdx", "cc", "memory");
        CHECK(!"no SIGFPE");
    }
    uintptr_t insn = (uintptr_t)insn_addr;
    CHECK_EQ(got.si_signo, SIGFPE);
    CHECK_EQ(got.si_code, FPE_INTDIV);
    CHECK_EQ((uintptr_t)got.si_addr, insn);
    CHECK_EQ(rip, (long long)insn);
    return check_done();
}
