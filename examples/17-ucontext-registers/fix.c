/*
 * The same crash reporter with the report sized by what it records: machine
 * registers are 64-bit on both x86-64 ABIs, so every register (pc and sp
 * included) is kept as uint64_t, and a pointer is made from one only
 * through uintptr_t, deliberately. greg_t itself is `long long` on both.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>

struct crash_report {
    uint64_t pc;
    uint64_t sp;
    uint64_t fault_addr;
    uint64_t gpr[4];        /* rax, rbx, rcx, rdx */
};

static struct crash_report report;
static sigjmp_buf resume;

static void on_segv(int sig, siginfo_t *si, void *ctx)
{
    const greg_t *r = ((ucontext_t *)ctx)->uc_mcontext.gregs;

    (void)sig;
    report.pc = (uint64_t)r[REG_RIP];
    report.sp = (uint64_t)r[REG_RSP];
    report.fault_addr = (uint64_t)(uintptr_t)si->si_addr;
    report.gpr[0] = (uint64_t)r[REG_RAX];
    report.gpr[1] = (uint64_t)r[REG_RBX];
    report.gpr[2] = (uint64_t)r[REG_RCX];
    report.gpr[3] = (uint64_t)r[REG_RDX];
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
    printf("crash: read of %#" PRIx64 ", pc %s, rax %#" PRIx64 "\n", report.fault_addr,
           report.pc ? "recorded" : "missing", report.gpr[0]);
    return 0;
}
