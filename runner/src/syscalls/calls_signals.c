/* The signals family's handlers (rows in call_table.c): the guest's actions,
 * mask and altstack are virtual (signals/), calls that wait with a temporary
 * mask note it for the handler they wake, and a siginfo the kernel reads is
 * widened from x32's layout. */
#include "syscalls/emulation.h"
#include "signals/signals.h"
#include "base/guest_mem.h"
#include "base/raw_syscall.h"
#include "base/x32_abi.h"
#include <sys/syscall.h>

long call_rt_sigaction(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)uc, (void)nr;
    return sys_rt_sigaction(t, (long)ARG1(g), ARG2(g), ARG3(g), ARG4(g));
}

long call_rt_sigreturn(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)nr, (void)g;
    sys_x32_rt_sigreturn(t, uc);
    return KEEP_RAX;
}

long call_rt_sigprocmask(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)nr;
    return sys_rt_sigprocmask(t, uc, (long)ARG1(g), ARG2(g), ARG3(g), ARG4(g));
}

long call_rt_sigpending(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)uc, (void)nr;
    return sys_rt_sigpending(t, ARG1(g), ARG2(g));
}

long call_sigaltstack(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)nr;
    return sys_sigaltstack(t, uc, ARG1(g), ARG2(g));
}

/* rt_sigsuspend, ppoll, pselect6, epoll_pwait(2), io_pgetevents (CALL_TEMP_MASK):
 * where each keeps its sigset pointer and size.  The kernel installs the
 * temporary mask only when the size is that of a sigset (8); any other size
 * fails the call with EINVAL, and no mask is read. */
long call_with_temp_mask(struct thread_state *t, ucontext_t *uc, unsigned long nr,
                         const greg_t *g)
{
    (void)uc;
    uint64_t pack[2] = {0, 0}; /* sigset pointer, size */
    if (nr == SYS_rt_sigsuspend)
        pack[0] = ARG1(g), pack[1] = ARG2(g);
    else if (nr == SYS_ppoll)
        pack[0] = ARG4(g), pack[1] = ARG5(g);
    else if (nr == SYS_epoll_pwait || nr == SYS_epoll_pwait2)
        pack[0] = ARG5(g), pack[1] = ARG6(g);
    else if (ARG6(g)) /* pselect6, io_pgetevents: {u64 sigset pointer, u64 size} */
        copy_from_guest(pack, ARG6(g), sizeof pack);
    if (pack[0] && pack[1] == 8) {
        copy_from_guest(&t->temp_mask, pack[0], 8);
        t->temp_mask_call = 1;
    }
    return forward(t, (long)nr, g);
}

/* pidfd_send_signal (pidfd, sig, info, flags): the kernel reads an x32 info. */
long call_pidfd_send_signal(struct thread_state *t, ucontext_t *uc, unsigned long nr,
                            const greg_t *g)
{
    (void)uc;
    siginfo_t si;
    if (!ARG3(g))
        return forward(t, (long)nr, g);
    siginfo_from_x32((const unsigned char *)ARG3(g), &si);
    return raw_syscall4(SYS_pidfd_send_signal, ARG1(g), ARG2(g), &si, ARG4(g));
}
