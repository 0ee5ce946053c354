/* tests/gdb's gdb-stepi-sigreturn: one `stepi` over a signal handler's return
 * (x32's rt_sigreturn, 513 with the x32 bit) must stop where the signal
 * interrupted the program. The call never comes back after its syscall
 * instruction, so a breakpoint planted there (as for any other call) is never
 * reached and the program would run on to its end.
 *
 * The handler is installed with our own restorer through the raw x32
 * rt_sigaction, so the test knows the address of the syscall instruction. */
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

volatile sig_atomic_t got;

static void on_usr1(int sig) { got = sig; }

void sigreturn_restorer(void);
__asm__(".globl sigreturn_restorer\n"
        "sigreturn_restorer:\n"
        "    movl $0x40000201, %eax\n" /* x32's rt_sigreturn: __X32_SYSCALL_BIT | 513 */
        "    syscall\n"
        "    hlt\n");

/* The kernel's struct sigaction as an x32 task passes it: the compat layout,
 * 4-byte pointers and longs and the 8-byte mask as two 4-byte words (so at
 * offset 12, not 16 as an unsigned long long would put it). */
struct kernel_sigaction {
    void (*handler)(int);
    unsigned long flags;
    void (*restorer)(void);
    unsigned int mask[2];
};

int main(void)
{
    struct kernel_sigaction sa = {on_usr1, 0x04000000 /* SA_RESTORER */, sigreturn_restorer, {0, 0}};
    if (syscall(0x40000200 /* x32 rt_sigaction */, SIGUSR1, &sa, (void *)0, 8) != 0)
        return 2;
    kill(getpid(), SIGUSR1);
    return got == SIGUSR1 ? 0 : 1;
}
