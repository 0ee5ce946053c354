/* What the host can do, for --probe and for choosing the default mode. */
#include "probe.h"
#include "raw_syscall.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>

#ifndef PR_SET_SYSCALL_USER_DISPATCH
#define PR_SET_SYSCALL_USER_DISPATCH 59
#define PR_SYS_DISPATCH_OFF 0
#define PR_SYS_DISPATCH_ON 1
#endif

/* If a seccomp filter (say, an x32-run further up, in its fallback mode)
 * traps the probe, report ENOSYS instead of dying of SIGSYS. */
static void probe_trapped(int sig, siginfo_t *si, void *ctx)
{
    (void)sig;
    (void)si;
    ((ucontext_t *)ctx)->uc_mcontext.gregs[REG_RAX] = -ENOSYS;
}

int kernel_runs_x32(void)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = probe_trapped;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSYS, &sa, &old);
    /* getpid with the x32 bit: a kernel without x32 says ENOSYS. */
    long r = raw_syscall0(0x40000000L | SYS_getpid);
    sigaction(SIGSYS, &old, 0);
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

int print_probe(const char *sysroot)
{
    struct utsname u;
    uname(&u);
    int x32 = kernel_runs_x32(), sud = sud_available();
    printf("kernel: %s %s %s\n", u.sysname, u.release, u.machine);
    printf("kernel x32 syscalls: %s\n", x32 ? "enabled" : "disabled (bit-30 syscall returns ENOSYS)");
    printf("syscall user dispatch: %s\n", sud ? "available" : "unavailable (needs Linux 5.11+ with CONFIG_SYSCALL_USER_DISPATCH)");
    printf("sysroot: %s\n", sysroot);
    if (x32)
        printf("mode: native (the kernel runs x32 programs itself)\n");
    else if (sud)
        printf("mode: user (x32 system calls are trapped with syscall user dispatch and emulated)\n");
    else
        printf("mode: user, with the seccomp fallback (no syscall user dispatch: system calls\n"
               "      with the x32 bit are trapped by a seccomp filter; this sets no_new_privs,\n"
               "      so setuid programs started from x32 programs run without privileges)\n");
    return 0;
}
