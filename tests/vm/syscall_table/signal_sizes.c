/* tests/vm/syscall_table/signal_sizes.c: the sigset size argument of each signal
 * call, which has its own rule in the kernel: rt_sigpending takes any size up to 8
 * and writes exactly that many bytes; rt_sigprocmask, rt_sigsuspend,
 * rt_sigtimedwait, signalfd4, ppoll, pselect6 and epoll_pwait want exactly 8, and
 * refuse another size before they read the set; rt_sigaction reads the new action
 * before it checks the signal number. */

#include "syscall_table.h"

/* An address no call may read: reading it would be EFAULT, not EINVAL. */
#define BAD ((void *)8)

void case_sigset_sizes(void)
{
    block(SIGUSR1);
    block(SIGRTMIN + 2);
    raise(SIGUSR1);
    raise(SIGRTMIN + 2);
    for (int size = 0; size <= 9; size++) {
        unsigned char b[16];
        memset(b, 0xaa, sizeof b);
        long r = syscall(SYS_rt_sigpending, b, size);
        int written = 0;
        while (written < 16 && b[written] != 0xaa)
            written++;
        /* bytes 0-7 of the set hold no 0xaa here: SIGUSR1 is bit 9, SIGRTMIN+2 bit 35 */
        out("pending%d=%s/%d", size, rv(r), written);
    }
    out("pending-bad0=%s", rv(syscall(SYS_rt_sigpending, BAD, 0)));
    out("pending-bad4=%s", rv(syscall(SYS_rt_sigpending, BAD, 4)));
    sigset_t s; /* the temporary masks keep everything blocked: nothing is delivered */
    sigfillset(&s);
    out("procmask4=%s", rv(syscall(SYS_rt_sigprocmask, SIG_BLOCK, BAD, NULL, 4)));
    out("procmask16=%s", rv(syscall(SYS_rt_sigprocmask, SIG_BLOCK, &s, NULL, 16)));
    out("suspend4=%s", rv(syscall(SYS_rt_sigsuspend, BAD, 4)));
    out("timedwait4=%s", rv(syscall(SYS_rt_sigtimedwait, BAD, NULL, NULL, 4)));
    out("signalfd4=%s", rv(syscall(SYS_signalfd4, -1, BAD, 4, 0)));
    struct timespec zero = {0, 0};
    out("ppoll4=%s", rv(syscall(SYS_ppoll, NULL, 0, &zero, BAD, 4)));
    out("ppoll8=%s", rv(syscall(SYS_ppoll, NULL, 0, &zero, &s, 8)));
    uint64_t pack[2] = {(uint64_t)(uintptr_t)BAD, 4};
    out("pselect4=%s", rv(syscall(SYS_pselect6, 0, NULL, NULL, NULL, &zero, pack)));
    pack[0] = (uint64_t)(uintptr_t)&s;
    pack[1] = 8;
    out("pselect8=%s", rv(syscall(SYS_pselect6, 0, NULL, NULL, NULL, &zero, pack)));
    int ep = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event ev;
    out("epoll_pwait4=%s", rv(syscall(SYS_epoll_pwait, ep, &ev, 1, 0, BAD, 4)));
    out("epoll_pwait8=%s", rv(syscall(SYS_epoll_pwait, ep, &ev, 1, 0, &s, 8)));
    out("sigaction-bad-sig-bad-act=%s", rv(syscall(SYS_rt_sigaction, 99, BAD, NULL, 8)));
    out("sigaction-bad-sig=%s", rv(syscall(SYS_rt_sigaction, 99, NULL, NULL, 8)));
    out("sigaction4=%s", rv(syscall(SYS_rt_sigaction, SIGUSR1, NULL, NULL, 4)));
}
