/* The SIGSYS entry point: every guest system call arrives here. */
#include "core/trap.h"
#include "core/hooks.h"
#include "core/threads.h"
#include "base/x32_abi.h"
#include "base/raw_syscall.h"
#include "base/guest_mem.h"
#include "base/util.h"
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#define SYS_SECCOMP_TRAP 1  /* si_code of a seccomp RET_TRAP SIGSYS */
#define USER_TOP_47 (1ULL << 47)

extern void sigsys_restorer(void);

enum trap_mode trap_mode = TRAP_SUD;

const char *trap_mode_name(enum trap_mode m)
{
    switch (m) {
    case TRAP_SUD: return "sud";
    case TRAP_SECCOMP: return "seccomp";
    case TRAP_REWRITE_GS: return "rewrite-gs";
    case TRAP_REWRITE_FS: return "rewrite-fs";
    }
    return "?";
}

long enable_syscall_dispatch(void)
{
    /* A seccomp filter is inherited by new threads and processes. */
    if (trap_mode == TRAP_SECCOMP)
        return 0;
    return raw_syscall5(SYS_prctl, PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_ON,
                        GUEST_LIMIT, USER_TOP_47 - GUEST_LIMIT, 0);
}

/* The fallback for kernels without Syscall User Dispatch: a filter that
 * traps every system call with X32_SYSCALL_BIT (the runner never sets it).
 * It needs no_new_privs, so setuid programs the guest execs lose their
 * privileges, and it stays in force across exec (harmless for native
 * programs, which never use bit 30). */
long install_seccomp_trap(void)
{
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, X32_SYSCALL_BIT, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = {.len = sizeof filter / sizeof filter[0], .filter = filter};
    long r = raw_syscall5(SYS_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    if (r)
        return r;
    return raw_syscall3(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
}

/* After a fault recovered by a jump out of the host's SIGSEGV handler: that
 * handler's mask (everything blocked) stays in force, and a second fault with
 * SIGSEGV blocked would kill the process, so the fault signals open again (the
 * rest stays blocked until the trap's sigreturn installs the guest's mask). */
static void reopen_fault_signals(void)
{
    uint64_t faults = (1ULL << (SIGSEGV - 1)) | (1ULL << (SIGBUS - 1));
    raw_syscall4(SYS_rt_sigprocmask, SIG_UNBLOCK, &faults, 0, 8);
}

/* The shadow robust list is rebuilt from guest memory the guest may have
 * corrupted; a fault there just ends this round of syncing. */
static __attribute__((noinline)) void sync_robust_guarded(struct thread_state *t)
{
    if (__builtin_setjmp(t->fault_jmp) == 0) {
        t->fault_recovery = 1;
        sync_robust_shadow(t);
    } else {
        reopen_fault_signals();
    }
    t->fault_recovery = 0;
}

/* One guest call, from either entry: the SIGSYS handler (uc is the trap's
 * frame, which signals may be delivered onto) or the rewrite fast path
 * hook (uc is built from saved registers and no SIGSYS frame exists, so
 * guest_uc and in_sigsys are left alone).  in_syscall goes up before
 * in_sigsys: in_sigsys alone sends a signal straight onto guest_uc, which
 * must wait until the result is in (host_signal_handler).  The caller
 * lowers in_syscall once its own tail is done.  Returns the guest's RAX. */
long run_emulated_call(struct thread_state *t, ucontext_t *uc, uint64_t nr,
                       enum call_entry from)
{
    greg_t *g = uc->uc_mcontext.gregs;
    if (from == CALL_FROM_SIGSYS)
        t->guest_uc = uc;
    t->cur_nr = nr;
    t->temp_mask_call = 0;
    t->in_syscall = 1;
    if (from == CALL_FROM_SIGSYS)
        t->in_sigsys = 1;
    if (t->robust_head)
        sync_robust_guarded(t);
    long r;
    for (int again = 0;; again = 1) {
        if (__builtin_setjmp(t->fault_jmp) == 0) {
            t->fault_recovery = 1;
            r = trap_hooks.emulate(t, uc, nr);
        } else {
            /* host_signal_handler jumped back here (from the hook, it also
             * marked the hook slow) */
            r = -EFAULT;
        }
        /* The kernel refused a buffer on an execute-only rewritten page: that
         * page gets its own bytes and protection back, and the call is made
         * once more, as it would have worked on a kernel that runs x32. */
        if (r != -EFAULT || again || !fastpath_hooks.expose_arguments ||
            !fastpath_hooks.expose_arguments(nr, g))
            break;
    }
    t->fault_recovery = 0;
    if (r != KEEP_RAX)
        g[REG_RAX] = r;
    return g[REG_RAX];
}

/* A copy whose fault comes back here instead of ending the whole call.  The
 * call's own recovery point is saved and put back around it. */
static __attribute__((noinline)) long guarded_copy(void *dst, const void *src, size_t n)
{
    struct thread_state *t = current_thread();
    void *outer[5];
    int outer_recovery = t->fault_recovery;
    volatile long r = 0;
    mem_copy(outer, t->fault_jmp, sizeof outer);
    if (__builtin_setjmp(t->fault_jmp) == 0) {
        t->fault_recovery = 1;
        mem_copy(dst, src, n);
    } else {
        reopen_fault_signals();
        r = -EFAULT;
    }
    mem_copy(t->fault_jmp, outer, sizeof outer);
    t->fault_recovery = outer_recovery;
    return r;
}

long try_copy_from_guest(void *dst, uint64_t src, size_t n)
{
    return guarded_copy(dst, (const void *)(uintptr_t)src, n);
}

long try_copy_to_guest(uint64_t dst, const void *src, size_t n)
{
    return guarded_copy((void *)(uintptr_t)dst, src, n);
}

static void sigsys_handler(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    if (si->si_code != SYS_USER_DISPATCH && si->si_code != SYS_SECCOMP_TRAP) {
        if (debugger_hooks.attach_request && debugger_hooks.attach_request(si, uc))
            return; /* gdb's `attach`, through x32-run -g (gdb_attach.c) */
        trap_hooks.host_signal(sig, si, ctx); /* a SIGSYS someone sent */
        return;
    }
    struct thread_state *t = current_thread();
    greg_t *g = uc->uc_mcontext.gregs;
    if (fastpath_hooks.redeliver && fastpath_hooks.redeliver(t, uc))
        return; /* the rewrite fast path: the hook's exit with signals to deliver */
    if (fastpath_hooks.fix_torn_call)
        fastpath_hooks.fix_torn_call(uc); /* a half-written site's mov ran (fastpath_poke.c) */
    run_emulated_call(t, uc, (uint64_t)g[REG_RAX], CALL_FROM_SIGSYS);
    /* The rewrite fast path: still "in the call", so a signal now is queued and
     * a fault reading the site's bytes is a recoverable one. */
    if (fastpath_hooks.after_trap && si->si_code == SYS_USER_DISPATCH)
        fastpath_hooks.after_trap(t, uc, t->cur_nr);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    t->in_syscall = 0;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    trap_hooks.deliver_pending(t, uc);
}

void install_sigsys_handler(void)
{
    /* No sa_mask: guest signals must be able to interrupt a blocking call.
     * SA_RESTART: a SIGSYS sent from outside (gdb's attach, or kill) that
     * interrupts a blocking call leaves it to be made again (the trap's
     * SIGSYS are synchronous and interrupt nothing).  SA_NODEFER: such a
     * SIGSYS must reach a thread blocked in a call, which is inside this
     * handler (the runner's own code never traps, so nothing else nests). */
    struct kernel_sigaction k = {
        .handler = (void *)sigsys_handler,
        .flags = SA_SIGINFO | SA_ONSTACK | SA_RESTORER | SA_RESTART | SA_NODEFER,
        .restorer = (void *)sigsys_restorer,
        .mask = 0,
    };
    long r = raw_syscall4(SYS_rt_sigaction, SIGSYS, &k, 0, 8);
    if (r)
        die(126, "cannot install the SIGSYS handler (%ld)", r);
}
