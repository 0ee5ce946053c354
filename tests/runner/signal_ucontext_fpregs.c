/* signal_ucontext_fpregs: uc_mcontext.fpregs points at the saved FP state:
 * the handler reads the interrupted xmm registers and MXCSR there, and a
 * value it writes into the saved xmm0 is what the code sees on return. */
#include "check.h"
#include <ucontext.h>

static unsigned char seen_xmm1[16];
static unsigned seen_mxcsr;
static int fpregs_ok;
static void on_ill(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    (void)sig;
    (void)si;
    struct _libc_fpstate *fp = uc->uc_mcontext.fpregs;
    fpregs_ok = fp != NULL;
    if (fp) {
        memcpy(seen_xmm1, &fp->_xmm[1], 16);
        seen_mxcsr = fp->mxcsr;
        for (int i = 0; i < 4; i++)
            fp->_xmm[0].element[i] = 0xc0de0000u + i;
    }
    uc->uc_mcontext.gregs[REG_RIP] += 2;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_ill;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGILL, &sa, NULL));
    static unsigned char in1[16] __attribute__((aligned(16)));
    static unsigned out0[4] __attribute__((aligned(16)));
    for (int i = 0; i < 16; i++)
        in1[i] = (unsigned char)(0xa0 + i);
    unsigned mxcsr_before;
    __asm__ volatile("stmxcsr %0" : "=m"(mxcsr_before));
    __asm__ volatile("movdqa (%0), %%xmm1\n\t"
                     "pxor %%xmm0, %%xmm0\n\t"
                     "ud2\n\t"
                     "movdqa %%xmm0, (%1)\n\t"
                     :: "r"(in1), "r"(out0) : "xmm0", "xmm1", "memory");
    CHECK(fpregs_ok);
    CHECK(memcmp(seen_xmm1, in1, 16) == 0);
    CHECK_EQ(seen_mxcsr, mxcsr_before);
    for (int i = 0; i < 4; i++)
        CHECK_EQ(out0[i], 0xc0de0000u + i);
    return check_done();
}
