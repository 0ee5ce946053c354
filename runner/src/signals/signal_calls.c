/* The guest's signal system calls: rt_sigaction (virtual actions, each one
 * installed in the kernel as the runner's handler or as SIG_DFL/SIG_IGN),
 * rt_sigpending, rt_sigprocmask (the guest's mask lives in the trap frame) and
 * sigaltstack (virtual: the real altstack belongs to the runner).  Frames and
 * rt_sigreturn are in signal_frame.c, the host handler in signal_host.c. */
#include "signals/signal_internal.h"
#include "base/guest_mem.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include "core/core.h"
#include "base/x32_abi.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>

extern void host_restorer(void);

uint64_t sanitize_guest_mask(uint64_t m)
{
    uint64_t runner_owned = BIT(SIGSYS) | BIT(SIGKILL) | BIT(SIGSTOP);
    /* gdb's breakpoints and all-stop must reach every thread */
    return m & ~(runner_owned | debugger_owned_signals());
}


/* SIGSEGV and SIGBUS always reach the runner, so that a bad guest pointer
 * met while translating a call becomes EFAULT (and a load from an
 * execute-only rewritten page puts its bytes back); guest faults with SIG_DFL
 * are then re-raised with the default action. */
static int runner_needs(int sig) { return sig == SIGSEGV || sig == SIGBUS; }

void install_host_action(int sig, const struct guest_sigaction *a)
{
    if (sig == SIGSYS || (debugger_owned_signals() & BIT(sig)))
        return; /* owned by the trap mechanism or the gdb stub; the guest's is virtual */
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

/* The signals this process inherited as ignored, from the SigIgn line of
 * /proc/self/status: one read instead of a query per signal (64 calls of the
 * runner's start); 0 with *ok clear when the file cannot tell. */
static uint64_t inherited_ignored(int *ok)
{
    char buf[4096];
    *ok = 0;
    long fd = raw_syscall4(SYS_openat, AT_FDCWD, "/proc/self/status", O_RDONLY | O_CLOEXEC, 0);
    if (fd < 0)
        return 0;
    long n = raw_syscall3(SYS_read, fd, buf, sizeof buf - 1);
    raw_syscall1(SYS_close, fd);
    if (n <= 0)
        return 0;
    buf[n] = 0;
    for (const char *p = buf; *p; p++) {
        if ((p == buf || p[-1] == '\n') && mem_eq(p, "SigIgn:\t", 8)) {
            p += 8;
            uint64_t m = parse_hex(&p);
            *ok = *p == '\n';
            return m;
        }
    }
    return 0;
}

void signals_init(struct thread_state *main_thread)
{
    trap_hooks.deliver_pending = deliver_pending_signals;
    trap_hooks.host_signal = host_signal_handler;
    struct guest_sighand *sh = &main_thread->own_sighand;
    main_thread->sighand = sh;
    main_thread->ss_flags = SS_DISABLE;
    int known;
    uint64_t ignored = inherited_ignored(&known);
    for (int sig = 1; sig <= NSIG_GUEST; sig++) {
        struct kernel_sigaction k;
        mem_set(&sh->act[sig], 0, sizeof sh->act[sig]);
        /* Inherited SIG_IGN stays ignored, as across a real exec. */
        if (sig != SIGSYS &&
            (known ? (ignored & BIT(sig)) != 0
                   : raw_syscall4(SYS_rt_sigaction, sig, 0, &k, 8) == 0 && k.handler == SIG_IGN))
            sh->act[sig].handler = (uint32_t)(uintptr_t)SIG_IGN;
        if (runner_needs(sig))
            install_host_action(sig, &sh->act[sig]);
    }
}

/* compat rt_sigaction's order: the set size, then reading the new action
 * (EFAULT), then the signal number (EINVAL). */
long sys_rt_sigaction(struct thread_state *t, long sig, uint64_t act, uint64_t oact,
                      uint64_t setsize)
{
    if (setsize != 8)
        return -EINVAL;
    struct x32_sigaction in;
    if (act)
        copy_from_guest(&in, act, sizeof in);
    if (sig < 1 || sig > NSIG_GUEST)
        return -EINVAL;
    if (act && (sig == SIGKILL || sig == SIGSTOP))
        return -EINVAL;
    struct guest_sigaction *cur = &t->sighand->act[sig];
    struct guest_sigaction old = *cur;
    if (act) {
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

/* compat rt_sigpending: any size up to the 8-byte compat sigset, of which
 * exactly that many bytes are written (4 gives the first 32 signals). */
long sys_rt_sigpending(struct thread_state *t, uint64_t set, uint64_t size)
{
    if (size > 8)
        return -EINVAL;
    uint64_t m = 0;
    long r = raw_syscall2(SYS_rt_sigpending, &m, 8);
    if (r)
        return r;
    if (t->sigsys_pending)
        m |= BIT(SIGSYS);
    copy_to_guest(set, &m, size);
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

void set_guest_mask(struct thread_state *t, ucontext_t *uc, uint64_t m)
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

int on_guest_altstack(const struct thread_state *t, uint64_t sp)
{
    return t->ss_size && sp - t->ss_sp <= t->ss_size;
}

int guest_ss_flags(const struct thread_state *t, uint64_t sp)
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
