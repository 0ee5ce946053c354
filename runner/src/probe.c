/* What the host can do, for --probe and for choosing the default mode. */
#include "probe.h"
#include "raw_syscall.h"
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>

#ifndef PR_SET_SYSCALL_USER_DISPATCH
#define PR_SET_SYSCALL_USER_DISPATCH 59
#define PR_SYS_DISPATCH_OFF 0
#define PR_SYS_DISPATCH_ON 1
#endif

int kernel_runs_x32(void)
{
    /* getpid with the x32 bit: a kernel without x32 says ENOSYS. */
    long r = raw_syscall0(0x40000000L | SYS_getpid);
    return r == raw_syscall0(SYS_getpid);
}

int sud_available(void)
{
    /* Exempt the whole address space, so turning it on traps nothing. */
    long r = raw_syscall5(SYS_prctl, PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_ON, 0,
                          1UL << 47, 0);
    if (r != 0)
        return 0;
    raw_syscall5(SYS_prctl, PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_OFF, 0, 0, 0);
    return 1;
}

int print_probe(void)
{
    struct utsname u;
    uname(&u);
    int x32 = kernel_runs_x32(), sud = sud_available();
    printf("kernel: %s %s %s\n", u.sysname, u.release, u.machine);
    printf("kernel x32 syscalls: %s\n", x32 ? "enabled" : "disabled (bit-30 syscall returns ENOSYS)");
    printf("syscall user dispatch: %s\n", sud ? "available" : "unavailable (needs Linux 5.11+ with CONFIG_SYSCALL_USER_DISPATCH)");
    if (x32)
        printf("mode: native (the kernel runs x32 programs itself)\n");
    else if (sud)
        printf("mode: user (x32 system calls are trapped with syscall user dispatch and emulated)\n");
    else
        printf("mode: none (no x32 kernel support and no syscall user dispatch)\n");
    return x32 || sud ? 0 : 1;
}
