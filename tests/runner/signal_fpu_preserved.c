/* signal_fpu_preserved: the SSE registers, MXCSR and the x87 control word of
 * interrupted code survive a handler that clobbers them; the handler starts
 * with the default MXCSR rounding, as on a real kernel. */
// build: -lm
#include "check.h"
#include <fenv.h>
#include <ucontext.h>

static volatile int handler_round = -1;
static void clobber(void)
{
    handler_round = fegetround();
    fesetround(FE_UPWARD);
    __asm__ volatile("pcmpeqd %%xmm0, %%xmm0\n\t"
                     "movdqa %%xmm0, %%xmm1\n\tmovdqa %%xmm0, %%xmm2\n\t"
                     "movdqa %%xmm0, %%xmm3\n\tmovdqa %%xmm0, %%xmm4\n\t"
                     "movdqa %%xmm0, %%xmm5\n\tmovdqa %%xmm0, %%xmm6\n\t"
                     "movdqa %%xmm0, %%xmm7\n\tmovdqa %%xmm0, %%xmm8\n\t"
                     "movdqa %%xmm0, %%xmm9\n\tmovdqa %%xmm0, %%xmm10\n\t"
                     "movdqa %%xmm0, %%xmm11\n\tmovdqa %%xmm0, %%xmm12\n\t"
                     "movdqa %%xmm0, %%xmm13\n\tmovdqa %%xmm0, %%xmm14\n\t"
                     "movdqa %%xmm0, %%xmm15\n\t"
                     "fninit\n\t"
                     ::: "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
                     "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
}

static void on_ill(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    (void)sig;
    (void)si;
    clobber();
    uc->uc_mcontext.gregs[REG_RIP] += 2;
}

static volatile int alarm_seen;
static void on_alarm(int sig)
{
    (void)sig;
    clobber();
    alarm_seen = 1;
}

static unsigned char in[16][16] __attribute__((aligned(16)));
static unsigned char out[16][16] __attribute__((aligned(16)));

#define LOAD_ALL "movdqa 0(%0), %%xmm0\n\tmovdqa 16(%0), %%xmm1\n\t" \
    "movdqa 32(%0), %%xmm2\n\tmovdqa 48(%0), %%xmm3\n\tmovdqa 64(%0), %%xmm4\n\t" \
    "movdqa 80(%0), %%xmm5\n\tmovdqa 96(%0), %%xmm6\n\tmovdqa 112(%0), %%xmm7\n\t" \
    "movdqa 128(%0), %%xmm8\n\tmovdqa 144(%0), %%xmm9\n\tmovdqa 160(%0), %%xmm10\n\t" \
    "movdqa 176(%0), %%xmm11\n\tmovdqa 192(%0), %%xmm12\n\tmovdqa 208(%0), %%xmm13\n\t" \
    "movdqa 224(%0), %%xmm14\n\tmovdqa 240(%0), %%xmm15\n\t"
#define STORE_ALL "movdqa %%xmm0, 0(%1)\n\tmovdqa %%xmm1, 16(%1)\n\t" \
    "movdqa %%xmm2, 32(%1)\n\tmovdqa %%xmm3, 48(%1)\n\tmovdqa %%xmm4, 64(%1)\n\t" \
    "movdqa %%xmm5, 80(%1)\n\tmovdqa %%xmm6, 96(%1)\n\tmovdqa %%xmm7, 112(%1)\n\t" \
    "movdqa %%xmm8, 128(%1)\n\tmovdqa %%xmm9, 144(%1)\n\tmovdqa %%xmm10, 160(%1)\n\t" \
    "movdqa %%xmm11, 176(%1)\n\tmovdqa %%xmm12, 192(%1)\n\tmovdqa %%xmm13, 208(%1)\n\t" \
    "movdqa %%xmm14, 224(%1)\n\tmovdqa %%xmm15, 240(%1)\n\t"
#define XMM_CLOBBERS "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", \
    "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "memory"

static void check_regs(const char *when)
{
    for (int r = 0; r < 16; r++)
        if (memcmp(in[r], out[r], 16) != 0) {
            CHECK_EQ(r, -1);
            fprintf(stderr, "  xmm%d changed across %s\n", r, when);
        }
}

int main(void)
{
    for (int r = 0; r < 16; r++)
        for (int b = 0; b < 16; b++)
            in[r][b] = (unsigned char)(r * 16 + b + 1);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_ill;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGILL, &sa, NULL));
    signal(SIGALRM, on_alarm);

    /* Synchronous: a trap in the middle of live registers. */
    fesetround(FE_DOWNWARD);
    memset(out, 0, sizeof out);
    __asm__ volatile(LOAD_ALL "ud2\n\t" STORE_ALL :: "r"(in), "r"(out) : XMM_CLOBBERS);
    check_regs("a SIGILL handler");
    CHECK_EQ(fegetround(), FE_DOWNWARD);
    CHECK_EQ(handler_round, FE_TONEAREST);

    /* Asynchronous: SIGALRM while spinning with live registers. */
    volatile double x87 = 1.0;
    fesetround(FE_TOWARDZERO);
    memset(out, 0, sizeof out);
    alarm_seen = 0;
    alarm(1);
    __asm__ volatile(LOAD_ALL
                     "1:\tcmpl $0, (%2)\n\tje 1b\n\t"
                     STORE_ALL :: "r"(in), "r"(out), "r"(&alarm_seen) : XMM_CLOBBERS);
    check_regs("a SIGALRM handler");
    CHECK_EQ(fegetround(), FE_TOWARDZERO);
    CHECK_EQ(handler_round, FE_TONEAREST);
    /* x87 still usable with our rounding: 1/3 rounded toward zero. */
    long double third = (long double)x87 / 3.0L;
    CHECK(third > 0.333L && third < 0.334L);
    fesetround(FE_TONEAREST);
    return check_done();
}
