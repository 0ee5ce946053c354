/* signal_raw_sigaction_restorer: a handler installed with the raw
 * rt_sigaction system call, in the kernel's struct layout for this ABI and
 * with the program's own SA_RESTORER trampoline (as libcs other than glibc
 * do), runs, returns through that trampoline and rt_sigreturn, and reads
 * back the same from the kernel. */
#include "check.h"
#include <sys/syscall.h>
#include <ucontext.h>

#ifndef SA_RESTORER
#define SA_RESTORER 0x04000000
#endif

/* The kernel's struct sigaction for this ABI: pointer-sized handler, flags
 * and restorer, then a 64-bit mask (packed: x32 has no padding there). */
struct kernel_sigaction {
    uintptr_t handler;
    unsigned long flags;
    uintptr_t restorer;
    unsigned long long mask;
} __attribute__((packed));

/* The trampoline: rt_sigreturn of this ABI (x32: 0x40000201).  Defined in
 * an asm block inside a function so that it can use the C constant. */
void my_restorer(void);
__attribute__((used)) static void define_restorer(void)
{
    __asm__ volatile(".pushsection .text\n"
                     ".globl my_restorer\n"
                     "my_restorer:\n\t"
                     "mov %0, %%eax\n\t"
                     "syscall\n\t"
                     "hlt\n"
                     ".popsection" :: "i"(SYS_rt_sigreturn));
}

static volatile int restorer_calls;
static volatile sig_atomic_t hits, info_sig;
static void handler(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    hits++;
    info_sig = si ? si->si_signo : -1;
    /* The return address on the stack is our restorer. */
    if (__builtin_return_address(0) == (void *)my_restorer)
        restorer_calls++;
    (void)sig;
}

int main(void)
{
    struct kernel_sigaction ksa = { 0 }, old = { 0 };
    ksa.handler = (uintptr_t)handler;
    ksa.flags = SA_SIGINFO | SA_RESTORER;
    ksa.restorer = (uintptr_t)my_restorer;
    ksa.mask = 1ULL << (SIGUSR2 - 1);
    CHECK_SYS(syscall(SYS_rt_sigaction, SIGUSR1, &ksa, NULL, 8));
    CHECK_SYS(syscall(SYS_rt_sigaction, SIGUSR1, NULL, &old, 8));
    CHECK_EQ(old.handler, (uintptr_t)handler);
    CHECK_EQ(old.restorer, (uintptr_t)my_restorer);
    CHECK_EQ(old.flags, SA_SIGINFO | SA_RESTORER);
    CHECK_EQ(old.mask, 1ULL << (SIGUSR2 - 1));
    CHECK_SYS(kill(getpid(), SIGUSR1));
    CHECK_EQ(hits, 1);
    CHECK_EQ(info_sig, SIGUSR1);
    CHECK_EQ(restorer_calls, 1);
    CHECK_SYS(kill(getpid(), SIGUSR1));
    CHECK_EQ(hits, 2);
    /* A wrong sigset size is EINVAL. */
    CHECK_ERR(syscall(SYS_rt_sigaction, SIGUSR1, &ksa, NULL, 4), EINVAL);
    return check_done();
}
