/* Guest signals with genuine x32 frames.
 *
 * The guest's handlers are virtual: the kernel sees one runner handler
 * (host_signal_handler) for every signal the guest handles, with the guest's
 * SA_RESTART mirrored so the kernel's own restart classification still
 * applies to blocking calls.  SIG_DFL and SIG_IGN go to the kernel as they
 * are, so default kill/stop/core behaviour is native.
 *
 * Delivery writes an rt_sigframe_x32 onto the guest stack and edits the
 * interrupted context (rip, rsp, args, mask); the kernel's own rt_sigreturn of
 * the host frame then "returns" into the x32 handler.  If the signal hits
 * runner code in the middle of an emulated call, it is queued in the thread
 * state and delivered at the end of the trap, onto the guest context held in
 * the SIGSYS frame. */
#include "signals.h"
#include "guest_mem.h"
#include "initial_stack.h"
#include "raw_syscall.h"
#include "util.h"
#include "x32_abi.h"
#include <errno.h>
#include <sys/syscall.h>

#define BIT(sig) (1ULL << ((sig) - 1))
#define EFLAGS_TF 0x100ULL
#define EFLAGS_DF 0x400ULL
/* The flags rt_sigreturn lets user space change (the kernel's FIX_EFLAGS). */
#define FIX_EFLAGS 0x50dd5ULL
/* The kernel's constant; glibc's MINSIGSTKSZ is a sysconf() call now. */
#define X32_MINSIGSTKSZ 2048
#define FP_XSTATE_MAGIC1 0x46505853U
#define UC_FP_XSTATE 1

#define UC_SIGCONTEXT_SS 2
#define UC_STRICT_RESTORE_SS 4

struct kernel_sigaction {
    void *handler;
    unsigned long flags;
    void *restorer;
    uint64_t mask;
};

extern void host_restorer(void);
extern char __executable_start[], __etext[];
extern char safe_syscall_start[], safe_syscall_end[];
extern char sigsys_restorer[], sigsys_restorer_end[];

uint64_t sanitize_guest_mask(uint64_t m)
{
    return m & ~(BIT(SIGSYS) | BIT(SIGKILL) | BIT(SIGSTOP));
}

void set_host_mask(uint64_t m, uint64_t *old)
{
    raw_syscall4(SYS_rt_sigprocmask, SIG_SETMASK, &m, old, 8);
}

static uint64_t *uc_mask(ucontext_t *uc) { return (uint64_t *)&uc->uc_sigmask; }

/* SIGSEGV and SIGBUS always reach the runner, so that a bad guest pointer
 * met while translating a call becomes EFAULT; guest faults with SIG_DFL are
 * then re-raised with the default action. */
static int runner_needs(int sig) { return sig == SIGSEGV || sig == SIGBUS; }

void install_host_action(int sig, const struct guest_sigaction *a)
{
    if (sig == SIGSYS)
        return; /* owned by the trap mechanism; the guest's is virtual */
    struct kernel_sigaction k = {0};
    uint32_t keep = a->flags & (SA_NOCLDSTOP | SA_NOCLDWAIT | SA_RESTART);
    if (!runner_needs(sig) && (a->handler == (uint32_t)(uintptr_t)SIG_DFL ||
                               a->handler == (uint32_t)(uintptr_t)SIG_IGN)) {
        k.handler = (void *)(uintptr_t)a->handler;
        k.flags = keep;
    } else {
        k.handler = (void *)host_signal_handler;
        k.flags = keep | SA_SIGINFO | SA_ONSTACK | SA_RESTORER;
        k.restorer = (void *)host_restorer;
        k.mask = ~0ULL; /* the guest's mask is applied when the frame is built */
    }
    raw_syscall4(SYS_rt_sigaction, sig, &k, 0, 8);
}

void signals_init(struct thread_state *main_thread)
{
    struct guest_sighand *sh = &main_thread->own_sighand;
    main_thread->sighand = sh;
    main_thread->ss_flags = SS_DISABLE;
    for (int sig = 1; sig <= NSIG_GUEST; sig++) {
        struct kernel_sigaction k;
        mem_set(&sh->act[sig], 0, sizeof sh->act[sig]);
        /* Inherited SIG_IGN stays ignored, as across a real exec. */
        if (sig != SIGSYS && raw_syscall4(SYS_rt_sigaction, sig, 0, &k, 8) == 0 &&
            k.handler == SIG_IGN)
            sh->act[sig].handler = (uint32_t)(uintptr_t)SIG_IGN;
        if (runner_needs(sig))
            install_host_action(sig, &sh->act[sig]);
    }
}

long sys_rt_sigaction(struct thread_state *t, long sig, uint64_t act, uint64_t oact,
                      uint64_t setsize)
{
    if (setsize != 8)
        return -EINVAL;
    if (sig < 1 || sig > NSIG_GUEST)
        return -EINVAL;
    if (act && (sig == SIGKILL || sig == SIGSTOP))
        return -EINVAL;
    struct guest_sigaction *cur = &t->sighand->act[sig];
    struct guest_sigaction old = *cur;
    if (act) {
        struct x32_sigaction in;
        copy_from_guest(&in, act, sizeof in);
        struct guest_sigaction n = {
            .handler = in.handler,
            .flags = in.flags,
            .restorer = in.restorer,
            .mask = (in.mask_lo | (uint64_t)in.mask_hi << 32) & ~(BIT(SIGKILL) | BIT(SIGSTOP)),
        };
        *cur = n;
        install_host_action((int)sig, &n);
    }
    if (oact) {
        struct x32_sigaction out = {old.handler, old.flags, old.restorer,
                                    (uint32_t)old.mask, (uint32_t)(old.mask >> 32)};
        copy_to_guest(oact, &out, sizeof out);
    }
    return 0;
}

/* The guest's mask lives in the trap frame: that is what the kernel installs
 * when the trap handler returns, so editing the live mask would be undone. */
long sys_rt_sigpending(struct thread_state *t, uint64_t set, uint64_t size)
{
    if (size != 8)
        return -EINVAL;
    uint64_t m = 0;
    long r = raw_syscall2(SYS_rt_sigpending, &m, 8);
    if (r)
        return r;
    if (t->sigsys_pending)
        m |= BIT(SIGSYS);
    copy_to_guest(set, &m, 8);
    return 0;
}

/* rt_sigtimedwait for a set with SIGSYS while the virtual SIGSYS is pending: the host
 * kernel has nothing to give, so take it here when the kernel's order (synchronous
 * signals first, then the lowest number) would pick it before what the host holds. */
int take_virtual_sigsys(struct thread_state *t, uint64_t set, siginfo_t *info)
{
    if (!t->sigsys_pending || !(set & BIT(SIGSYS)))
        return 0;
    uint64_t host = 0;
    raw_syscall2(SYS_rt_sigpending, &host, 8);
    uint64_t x = (host | BIT(SIGSYS)) & set;
    const uint64_t sync = BIT(SIGSEGV) | BIT(SIGBUS) | BIT(SIGILL) | BIT(SIGTRAP) |
                          BIT(SIGFPE) | BIT(SIGSYS);
    if (x & sync)
        x &= sync;
    if ((x & -x) != BIT(SIGSYS))
        return 0;
    t->sigsys_pending = 0;
    *info = t->sigsys_info;
    return 1;
}

uint64_t guest_mask_of(const struct thread_state *t, ucontext_t *uc)
{
    return *uc_mask(uc) | (t->sigsys_blocked ? BIT(SIGSYS) : 0);
}

static void set_guest_mask(struct thread_state *t, ucontext_t *uc, uint64_t m)
{
    t->sigsys_blocked = (m & BIT(SIGSYS)) != 0;
    if (!t->sigsys_blocked && t->sigsys_pending) {
        /* Unblocked: hand it to the end-of-trap delivery. */
        t->sigsys_pending = 0;
        t->pending_info[SIGSYS] = t->sigsys_info;
        __atomic_fetch_or(&t->pending_set, BIT(SIGSYS), __ATOMIC_SEQ_CST);
    }
    *uc_mask(uc) = sanitize_guest_mask(m);
}

long sys_rt_sigprocmask(struct thread_state *t, ucontext_t *uc, long how, uint64_t set,
                        uint64_t oset, uint64_t setsize)
{
    if (setsize != 8)
        return -EINVAL;
    uint64_t old = guest_mask_of(t, uc);
    if (set) {
        uint64_t n;
        copy_from_guest(&n, set, 8);
        uint64_t m;
        if (how == SIG_BLOCK)
            m = old | n;
        else if (how == SIG_UNBLOCK)
            m = old & ~n;
        else if (how == SIG_SETMASK)
            m = n;
        else
            return -EINVAL;
        set_guest_mask(t, uc, m);
    }
    if (oset)
        copy_to_guest(oset, &old, 8);
    return 0;
}

static int on_guest_altstack(const struct thread_state *t, uint64_t sp)
{
    return t->ss_size && sp - t->ss_sp <= t->ss_size;
}

static int guest_ss_flags(const struct thread_state *t, uint64_t sp)
{
    if (!t->ss_size)
        return SS_DISABLE;
    return on_guest_altstack(t, sp) ? SS_ONSTACK : (t->ss_flags & SS_AUTODISARM);
}

long sys_sigaltstack(struct thread_state *t, ucontext_t *uc, uint64_t ss, uint64_t oss)
{
    uint64_t sp = (uint64_t)uc->uc_mcontext.gregs[REG_RSP];
    struct x32_stack old = {t->ss_sp, guest_ss_flags(t, sp), t->ss_size};
    if (ss) {
        struct x32_stack n;
        copy_from_guest(&n, ss, sizeof n);
        if (on_guest_altstack(t, sp))
            return -EPERM;
        int mode = n.ss_flags & ~SS_AUTODISARM;
        if (mode != 0 && mode != SS_DISABLE && mode != SS_ONSTACK)
            return -EINVAL;
        if (mode == SS_DISABLE) {
            t->ss_sp = t->ss_size = 0;
            t->ss_flags = SS_DISABLE;
        } else {
            if (n.ss_size < X32_MINSIGSTKSZ)
                return -ENOMEM;
            t->ss_sp = n.ss_sp;
            t->ss_size = n.ss_size;
            t->ss_flags = n.ss_flags & SS_AUTODISARM;
        }
    }
    if (oss)
        copy_to_guest(oss, &old, sizeof old);
    return 0;
}

static uint32_t fpstate_size(const void *fp)
{
    uint32_t magic, ext;
    mem_copy(&magic, (const char *)fp + 464, 4);
    mem_copy(&ext, (const char *)fp + 468, 4);
    if (magic == FP_XSTATE_MAGIC1 && ext >= 512 && ext <= FPSTATE_MAX)
        return ext;
    return 512;
}

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

static int is_sync_fault(int sig, const siginfo_t *si)
{
    return si->si_code > 0 && (sig == SIGSEGV || sig == SIGBUS || sig == SIGILL ||
                               sig == SIGFPE || sig == SIGTRAP);
}

/* Builds the x32 frame for `sig` on top of the guest context in `uc`. */
static void deliver_signal(struct thread_state *t, ucontext_t *uc, int sig,
                           const siginfo_t *info, const uint64_t *base_mask)
{
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

static int in_runner_text(uint64_t pc)
{
    return pc >= (uint64_t)__executable_start && pc < (uint64_t)__etext;
}


void host_signal_handler(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    struct thread_state *t = current_thread();
    uint64_t pc = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];

    if (!in_runner_text(pc)) {
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
    if (t->guest_uc && ((t->in_sigsys && !t->in_syscall) ||
                        (pc >= (uint64_t)sigsys_restorer && pc < (uint64_t)sigsys_restorer_end))) {
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
    if (pc > (uint64_t)safe_syscall_start && pc < (uint64_t)safe_syscall_end)
        uc->uc_mcontext.gregs[REG_RIP] = (greg_t)safe_syscall_start;
}
