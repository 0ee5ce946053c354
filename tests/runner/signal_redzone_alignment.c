/* signal_redzone_alignment: signal delivery leaves the interrupted code's
 * 128-byte red zone below %rsp untouched, and handlers start with the stack
 * aligned as the ABI requires (%rsp + 8 a multiple of 16). */
#include "check.h"
#include <sys/syscall.h>
#include <ucontext.h>

static volatile unsigned long long entry_rsp_mod;
static void on_ill(int sig, siginfo_t *si, void *ucv)
{
    ucontext_t *uc = ucv;
    (void)sig;
    (void)si;
    /* Scribble over our own stack to make any overlap visible. */
    volatile char junk[512];
    memset((char *)junk, 0xee, sizeof junk);
    uc->uc_mcontext.gregs[REG_RIP] += 2;
}

__attribute__((naked)) static void aligned_probe(int sig)
{
    (void)sig;
    __asm__ volatile("lea 8(%rsp), %rax\n\t"
                     "and $15, %rax\n\t"
                     "mov %rax, entry_rsp_mod(%rip)\n\t"
                     "ret");
}

static void on_usr1(int sig)
{
    (void)sig;
    volatile char junk[512];
    memset((char *)junk, 0xdd, sizeof junk);
}

/* Fill the 16 quadwords below %rsp, run TRIGGER, count the changed ones. */
#define REDZONE_TEST(trigger, out, ...) \
    __asm__ volatile("mov $16, %%ecx\n\t" \
                     "movabs $0x5a5a5a5a12345678, %%r8\n" \
                     "1:\tmov %%r8, -136(%%rsp,%%rcx,8)\n\t" \
                     "dec %%ecx\n\tjnz 1b\n\t" \
                     trigger \
                     "xor %%r9d, %%r9d\n\tmov $16, %%ecx\n" \
                     "2:\tcmp %%r8, -136(%%rsp,%%rcx,8)\n\t" \
                     "je 3f\n\tinc %%r9d\n" \
                     "3:\tdec %%ecx\n\tjnz 2b\n\t" \
                     "mov %%r9, %0" \
                     : "=m"(out) : __VA_ARGS__ \
                     : "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11", \
                       "memory", "cc")

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_ill;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGILL, &sa, NULL));
    signal(SIGUSR1, on_usr1);

    /* A synchronous trap. */
    unsigned long long bad = 99;
    REDZONE_TEST("ud2\n\t", bad, "i"(0));
    CHECK_EQ(bad, 0);

    /* A system call (kill of ourselves: the handler runs on its return). */
    bad = 99;
    long long pid = getpid();
    REDZONE_TEST("mov %1, %%rdi\n\tmov %2, %%esi\n\tmov %3, %%eax\n\tsyscall\n\t",
                 bad, "m"(pid), "i"(SIGUSR1), "i"(__NR_kill));
    CHECK_EQ(bad, 0);

    /* Handler entry alignment. */
    sa.sa_handler = aligned_probe;
    sa.sa_flags = 0;
    REQUIRE_SYS(sigaction(SIGUSR2, &sa, NULL));
    entry_rsp_mod = 99;
    raise(SIGUSR2);
    CHECK_EQ(entry_rsp_mod, 0);
    entry_rsp_mod = 99;
    raise(SIGUSR2);
    CHECK_EQ(entry_rsp_mod, 0);
    return check_done();
}
