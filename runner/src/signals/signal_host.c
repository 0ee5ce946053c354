/* The host handler behind every guest signal the runner sees.  Interrupted
 * guest code gets its x32 frame at once; a signal that comes while the runner
 * emulates a call is queued for the end of the trap (and a call not yet made
 * is rewound to be re-run); a fault inside a call's translation becomes
 * EFAULT through the trap's recovery point, as a kernel's copy_from_user
 * would. */
#include "signals/signal_internal.h"
#include "core/core.h"
#include "loader/loader.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include "base/x32_abi.h"
#include <sys/syscall.h>


void host_signal_handler(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    struct thread_state *t = current_thread();
    uint64_t pc = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];

    if (fastpath_hooks.host_signal && fastpath_hooks.host_signal(t, uc, sig, si))
        return; /* the rewrite fast path: see fastpath_hook.c */
    enum interrupted_place at = interrupted_at(t, uc);
    if (on_guest_side(at)) {
        if (sig == SIGSEGV && si->si_code == SEGV_ACCERR &&
            in_stack_guard((uint64_t)si->si_addr)) {
            siginfo_t overflow = *si; /* a kernel's guard gap is unmapped */
            overflow.si_code = SEGV_MAPERR;
            deliver_signal(t, uc, sig, &overflow, 0);
            return;
        }
        deliver_signal(t, uc, sig, si, 0); /* interrupted guest code (or the vDSO) */
        return;
    }
    if (is_sync_fault(sig, si) && t->fault_recovery && t->in_syscall &&
        (sig == SIGSEGV || sig == SIGBUS)) {
        /* A bad guest pointer met while translating a call.  Abandon this
         * handler frame; the trap handler returns EFAULT, and its sigreturn
         * puts the guest's mask back (the live mask stays all-blocked until
         * then). */
        debug_log("EFAULT: bad address %p while emulating syscall %lu", si->si_addr,
                  t->cur_nr & ~X32_SYSCALL_BIT);
        t->fault_recovery = 0;
        __builtin_longjmp(t->fault_jmp, 1);
    }
    if (is_sync_fault(sig, si)) {
        /* A fault inside the runner: usually a bad pointer the guest passed to
         * a call the runner translates.  A kernel would return EFAULT; say
         * what happened and die of the signal. */
        fd_printf(2, "x32-run: fatal signal %d in the runner at %p (address %p) "
                  "while emulating syscall %lu\n", sig, (void *)pc, si->si_addr,
                  t->cur_nr & ~X32_SYSCALL_BIT);
        struct kernel_sigaction k = {0};
        raw_syscall4(SYS_rt_sigaction, sig, &k, 0, 8);
        return;
    }
    /* The trap's tail, or its restorer about to sigreturn into guest_uc
     * (in_sigsys is already clear there): the result is set, so the signal
     * goes straight onto the guest context the trap will restore. */
    if (at == AT_SIGRETURN_TAIL && t->guest_uc) {
        deliver_signal(t, t->guest_uc, sig, si, 0);
        return;
    }
    t->pending_info[sig] = *si;
    __atomic_fetch_or(&t->pending_set, BIT(sig), __ATOMIC_SEQ_CST);
    t->signal_pending = 1;
    /* Take no more until this trap is over: further signals stay queued in
     * the kernel (realtime ones keep their count and order) and are
     * delivered straight into guest code once the trap's sigreturn puts the
     * guest's mask back.  Fault signals stay open, so a bad guest pointer met
     * later in this call still becomes EFAULT. */
    *uc_mask(uc) = ~(BIT(SIGSEGV) | BIT(SIGBUS) | BIT(SIGILL) | BIT(SIGFPE) | BIT(SIGTRAP));
    if (at == AT_SAFE_SYSCALL)
        rewind_safe_syscall(uc);
}
