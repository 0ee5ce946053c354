/* The SIGSYS entry point: every guest system call arrives here. */
#include "trap.h"
#include "raw_syscall.h"
#include "signals.h"
#include "util.h"
#include <errno.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#ifndef PR_SET_SYSCALL_USER_DISPATCH
#define PR_SET_SYSCALL_USER_DISPATCH 59
#define PR_SYS_DISPATCH_ON 1
#endif
#define SYS_USER_DISPATCH 2 /* si_code of a dispatch SIGSYS */
#define LOW_4G (1ULL << 32)
#define USER_TOP_47 (1ULL << 47)

struct kernel_sigaction {
    void *handler;
    unsigned long flags;
    void *restorer;
    uint64_t mask;
};

extern void sigsys_restorer(void);

long enable_syscall_dispatch(void)
{
    return raw_syscall5(SYS_prctl, PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_ON,
                        LOW_4G, USER_TOP_47 - LOW_4G, 0);
}

static void sigsys_handler(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    if (si->si_code != SYS_USER_DISPATCH) {
        host_signal_handler(sig, si, ctx); /* a SIGSYS someone sent */
        return;
    }
    struct thread_state *t = current_thread();
    greg_t *g = uc->uc_mcontext.gregs;
    t->guest_uc = uc;
    t->in_syscall = 1;
    t->in_sigsys = 1;
    t->cur_nr = (uint64_t)g[REG_RAX];
    t->temp_mask_call = 0;
    long r;
    if (__builtin_setjmp(t->fault_jmp) == 0) {
        t->fault_recovery = 1;
        r = emulate_syscall(t, uc, t->cur_nr);
    } else {
        r = -EFAULT; /* host_signal_handler jumped back here */
    }
    t->fault_recovery = 0;
    if (r != KEEP_RAX)
        g[REG_RAX] = r;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    t->in_syscall = 0;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    deliver_pending_signals(t, uc);
}

void install_sigsys_handler(void)
{
    /* No sa_mask: guest signals must be able to interrupt a blocking call. */
    struct kernel_sigaction k = {
        .handler = (void *)sigsys_handler,
        .flags = SA_SIGINFO | SA_ONSTACK | SA_RESTORER,
        .restorer = (void *)sigsys_restorer,
        .mask = 0,
    };
    long r = raw_syscall4(SYS_rt_sigaction, SIGSYS, &k, 0, 8);
    if (r)
        die(126, "cannot install the SIGSYS handler (%ld)", r);
}
