/*
 * A crash reporter (a minidump-lite): the SIGSEGV handler copies the
 * faulting context into a report that the parent process uploads. The
 * report is sized by the machine: pointers for pc and sp, `long` for the
 * general registers, because on x86-64 both are as wide as a register.
 *
 * On x32 the registers are still 64-bit (greg_t is long long) while
 * pointers and `long` are 32-bit: a register dump loses the upper half of
 * every value, and the pc/sp conversions narrow silently.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>

struct crash_report {
    void *pc;
    void *sp;
    void *fault_addr;
    long gpr[4];            /* rax, rbx, rcx, rdx */
};

static struct crash_report report;
static sigjmp_buf resume;

static void on_segv(int sig, siginfo_t *si, void *ctx)
{
    const greg_t *r = ((ucontext_t *)ctx)->uc_mcontext.gregs;

    (void)sig;
    report.pc = (void *)r[REG_RIP];
    report.sp = (void *)r[REG_RSP];
    report.fault_addr = si->si_addr;
    report.gpr[0] = r[REG_RAX];
    report.gpr[1] = r[REG_RBX];
    report.gpr[2] = r[REG_RCX];
    report.gpr[3] = r[REG_RDX];
    siglongjmp(resume, 1);
}

/* A plugin reading its config through a pointer it got from a corrupt
 * table; volatile so the compiler cannot see the bad address coming. */
static const volatile int *volatile plugin_config = (const volatile int *)16;

static __attribute__((noinline)) int read_config(const volatile int *cfg)
{
    return *cfg;
}

int main(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);
    if (sigsetjmp(resume, 1) == 0)
        return read_config(plugin_config);
    printf("crash: read of %p, pc %s, rax %#lx\n", report.fault_addr,
           report.pc ? "recorded" : "missing", (unsigned long)report.gpr[0]);
    return 0;
}
