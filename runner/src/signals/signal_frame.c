/* Signal delivery with genuine x32 frames, and x32 rt_sigreturn.
 *
 * Delivery writes an rt_sigframe_x32 onto the guest stack (or its virtual
 * altstack) and edits the interrupted context (rip, rsp, args, mask); the
 * kernel's own rt_sigreturn of the host frame then "returns" into the x32
 * handler.  A signal that hits runner code in the middle of an emulated call
 * is queued in the thread state (signal_host.c) and delivered here at the end
 * of the trap, onto the guest context held in the SIGSYS frame. */
#include "signals/signal_internal.h"
#include "base/guest_mem.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include "core/core.h"
#include "base/x32_abi.h"
#include <errno.h>
#include <sys/syscall.h>

#define EFLAGS_TF 0x100ULL
#define EFLAGS_DF 0x400ULL
/* The flags rt_sigreturn lets user space change (the kernel's FIX_EFLAGS). */
#define FIX_EFLAGS 0x50dd5ULL
#define UC_FP_XSTATE 1
#define UC_SIGCONTEXT_SS 2
#define UC_STRICT_RESTORE_SS 4


/* Re-sends a signal the guest leaves at SIG_DFL, so the kernel applies the
 * default action (terminate, core, stop) to the real process. */
static void resend_default(int sig, const siginfo_t *info)
{
    struct kernel_sigaction k = {0};
    raw_syscall4(SYS_rt_sigaction, sig, &k, 0, 8);
    siginfo_t copy = *info;
    raw_syscall4(SYS_rt_tgsigqueueinfo, raw_syscall0(SYS_getpid), raw_syscall0(SYS_gettid),
                 sig, &copy);
}

/* ERESTARTSYS_MARK means the host call did not happen: the signal came
 * while the runner was translating it, or the kernel itself chose to restart
 * it (the host handler mirrors the guest's SA_RESTART, and ERESTARTNOINTR
 * calls always restart).  Either way the guest must see the call made after
 * the handler, as if the signal had come just before its `syscall`: turning
 * the mark into EINTR would fail calls a kernel never interrupts, such as
 * FUTEX_WAKE or close().  Blocking calls the kernel does not restart already
 * came back with EINTR itself. */
static void resolve_restart(struct thread_state *t, ucontext_t *uc)
{
    greg_t *g = uc->uc_mcontext.gregs;
    if (g[REG_RAX] != -ERESTARTSYS_MARK)
        return;
    g[REG_RIP] -= 2; /* back onto the `syscall` instruction */
    g[REG_RAX] = (greg_t)t->cur_nr;
}

int is_sync_fault(int sig, const siginfo_t *si)
{
    return si->si_code > 0 && (sig == SIGSEGV || sig == SIGBUS || sig == SIGILL ||
                               sig == SIGFPE || sig == SIGTRAP);
}

/* Builds the x32 frame for `sig` on top of the guest context in `uc`. */
void deliver_signal(struct thread_state *t, ucontext_t *uc, int sig,
                           const siginfo_t *info, const uint64_t *base_mask)
{
    if (debugger_hooks.signal_stop && !(sig = debugger_hooks.signal_stop(sig, info, uc))) {
        resolve_restart(t, uc); /* gdb suppressed it */
        return;
    }
    struct guest_sigaction *ga = &t->sighand->act[sig];
    if (sig == SIGSYS && t->sigsys_blocked) {
        t->sigsys_info = *info; /* a standard signal: one pending instance */
        t->sigsys_pending = 1;
        resolve_restart(t, uc);
        return;
    }
    if (is_sync_fault(sig, info) && ga->handler == (uint32_t)(uintptr_t)SIG_IGN) {
        resend_default(sig, info); /* a fault cannot be ignored */
        return;
    }
    if (ga->handler == (uint32_t)(uintptr_t)SIG_IGN) {
        resolve_restart(t, uc);
        return;
    }
    if (ga->handler == (uint32_t)(uintptr_t)SIG_DFL) {
        resolve_restart(t, uc);
        if (sig != SIGCHLD && sig != SIGURG && sig != SIGWINCH && sig != SIGCONT)
            resend_default(sig, info);
        return;
    }
    resolve_restart(t, uc);
    if (trace_enabled)
        fd_printf(2, "[x32 %d] --- signal %d (si_code %d) -> handler 0x%x ---\n",
                  (int)raw_syscall0(SYS_gettid), sig, info->si_code, ga->handler);

    greg_t *g = uc->uc_mcontext.gregs;
    uint64_t sp = (uint64_t)g[REG_RSP];
    int was_on_alt = on_guest_altstack(t, sp);
    struct x32_stack saved_alt = {t->ss_sp, guest_ss_flags(t, sp), t->ss_size};
    if ((ga->flags & SA_ONSTACK) && t->ss_size && !was_on_alt) {
        sp = (uint64_t)t->ss_sp + t->ss_size;
        if (t->ss_flags & SS_AUTODISARM)
            t->ss_sp = t->ss_size = 0;
    } else {
        sp -= 128; /* the red zone */
    }

    void *fp = uc->uc_mcontext.fpregs;
    uint64_t fp_addr = 0;
    uint32_t fp_size = 0;
    if (fp) {
        fp_size = fpstate_size(fp);
        sp = (sp - fp_size) & ~63ULL;
        mem_copy((void *)sp, fp, fp_size);
        fp_addr = sp;
    }
    uint64_t frame_addr = ((sp - sizeof(struct x32_rt_sigframe)) & ~15ULL) - 8;
    struct x32_rt_sigframe *f = (struct x32_rt_sigframe *)frame_addr;
    mem_set(f, 0, sizeof *f);
    f->pretcode = ga->restorer;
    f->uc.uc_flags = UC_SIGCONTEXT_SS | UC_STRICT_RESTORE_SS |
                     (fp_size > 512 ? UC_FP_XSTATE : 0);
    f->uc.uc_stack = saved_alt;
    mem_copy(f->uc.gregs, g, sizeof f->uc.gregs);
    f->uc.fpstate = fp_addr;
    f->uc.sigmask = guest_mask_of(t, uc);
    siginfo_to_x32(info, f->info);

    g[REG_RDI] = sig;
    g[REG_RSI] = (greg_t)(frame_addr + __builtin_offsetof(struct x32_rt_sigframe, info));
    g[REG_RDX] = (greg_t)(frame_addr + __builtin_offsetof(struct x32_rt_sigframe, uc));
    g[REG_RAX] = 0;
    g[REG_RIP] = ga->handler;
    g[REG_RSP] = (greg_t)frame_addr;
    g[REG_EFL] &= ~(greg_t)(EFLAGS_DF | EFLAGS_TF);
    if (fp) {
        /* The handler starts with default FP control words, as on a kernel. */
        uint16_t fcw = 0x37f;
        uint32_t mxcsr = 0x1f80;
        mem_copy(fp, &fcw, 2);
        mem_copy((char *)fp + 24, &mxcsr, 4);
    }
    uint64_t m = (base_mask ? *base_mask : guest_mask_of(t, uc)) | ga->mask;
    if (!(ga->flags & SA_NODEFER))
        m |= BIT(sig);
    set_guest_mask(t, uc, m);
    if (ga->flags & SA_RESETHAND) {
        ga->handler = (uint32_t)(uintptr_t)SIG_DFL;
        ga->flags &= ~SA_SIGINFO;
        install_host_action(sig, ga);
    }
}

/* The kernel's signal_fault() after a frame it cannot read: force_sig(SIGSEGV).
 * A SIGSEGV the guest blocks or ignores is unblocked and reset to SIG_DFL
 * first, so unless a handler is installed and open the process dies of it. */
static void force_sigsegv(struct thread_state *t, ucontext_t *uc)
{
    struct guest_sigaction *ga = &t->sighand->act[SIGSEGV];
    uint64_t mask = guest_mask_of(t, uc);
    siginfo_t si;
    mem_set(&si, 0, sizeof si);
    si.si_signo = SIGSEGV;
    si.si_code = SI_KERNEL;
    if ((mask & BIT(SIGSEGV)) || ga->handler == (uint32_t)(uintptr_t)SIG_IGN) {
        ga->handler = (uint32_t)(uintptr_t)SIG_DFL;
        install_host_action(SIGSEGV, ga);
        set_guest_mask(t, uc, mask & ~BIT(SIGSEGV));
    }
    if (ga->handler == (uint32_t)(uintptr_t)SIG_DFL) {
        resend_default(SIGSEGV, &si);
        return;
    }
    t->pending_info[SIGSEGV] = si;
    __atomic_fetch_or(&t->pending_set, BIT(SIGSEGV), __ATOMIC_SEQ_CST);
}

/* x32 rt_sigreturn.  The frame's ucontext is copied once, then checked and
 * used; an unreadable frame (or FP state) is the kernel's badframe: rax 0 and
 * a forced SIGSEGV, never a return into the guest with an error. */
void sys_x32_rt_sigreturn(struct thread_state *t, ucontext_t *uc)
{
    greg_t *g = uc->uc_mcontext.gregs;
    uint64_t frame = (uint64_t)g[REG_RSP] - 8;
    struct x32_ucontext u;
    if (try_copy_from_guest(&u, frame + __builtin_offsetof(struct x32_rt_sigframe, uc),
                            sizeof u)) {
        g[REG_RAX] = 0;
        force_sigsegv(t, uc);
        return;
    }
    void *fp = uc->uc_mcontext.fpregs;
    if (fp && u.fpstate) {
        /* The legacy 512 bytes hold the extended size: read them once, then
         * the rest, never more than the host frame has room for. */
        uint32_t have = fpstate_size(fp);
        if (try_copy_from_guest(fp, u.fpstate, 512)) {
            g[REG_RAX] = 0;
            force_sigsegv(t, uc);
            return;
        }
        uint32_t got = fpstate_size(fp);
        uint32_t take = got < have ? got : have;
        if (take > 512 && try_copy_from_guest((char *)fp + 512, u.fpstate + 512, take - 512)) {
            g[REG_RAX] = 0;
            force_sigsegv(t, uc);
            return;
        }
    }
    uint64_t eflags = (uint64_t)g[REG_EFL];
    for (int i = REG_R8; i <= REG_RIP; i++)
        g[i] = (greg_t)u.gregs[i];
    g[REG_EFL] = (greg_t)((eflags & ~FIX_EFLAGS) | (u.gregs[REG_EFL] & FIX_EFLAGS));
    set_guest_mask(t, uc, u.sigmask);
    /* restore_altstack: errors are ignored, as in the kernel. */
    struct x32_stack alt = u.uc_stack;
    if (!on_guest_altstack(t, (uint64_t)g[REG_RSP])) {
        if (alt.ss_flags & SS_DISABLE || !alt.ss_size) {
            t->ss_sp = t->ss_size = 0;
            t->ss_flags = SS_DISABLE;
        } else if (alt.ss_size >= X32_MINSIGSTKSZ) {
            t->ss_sp = alt.ss_sp;
            t->ss_size = alt.ss_size;
            t->ss_flags = alt.ss_flags & SS_AUTODISARM;
        }
    }
}

void deliver_pending_signals(struct thread_state *t, ucontext_t *uc)
{
    if (t->pending_set) {
        uint64_t all = ~0ULL;
        set_host_mask(all, 0); /* restored by the trap's sigreturn */
        while (t->pending_set) {
            int sig = __builtin_ctzll(t->pending_set) + 1;
            t->pending_set &= ~BIT(sig);
            deliver_signal(t, uc, sig, &t->pending_info[sig],
                           t->temp_mask_call ? &t->temp_mask : 0);
        }
        t->signal_pending = 0;
    }
    /* A restart requested without any signal left to justify it. */
    resolve_restart(t, uc);
}
