/* What the floors above core/ plug into it.
 *
 * core/ runs the trap and owns the threads, but the call itself (syscalls/),
 * signal delivery (signals/), the rewrite fast path (fastpath/) and the
 * debugger (gdb/) live above it.  core/ and the floors between never call up
 * into them by name: they call through these pointers, which front/ fills once
 * at start-up, before the guest's first instruction, and nothing changes
 * afterwards.  A null pointer means that part is not in use (no fast path under
 * X32_RUN_TRAP=sud or seccomp, no gdb without -g), and its caller skips it.
 *
 * Forks have a registry of their own (core/fork.h). */
#ifndef X32RUN_HOOKS_H
#define X32RUN_HOOKS_H

#include "core/thread_state.h"

struct trap_hooks {
    /* syscalls/: emulates one guest call; returns its result or KEEP_RAX. */
    long (*emulate)(struct thread_state *t, ucontext_t *uc, uint64_t nr);
    /* signals/: delivers what was queued during the call onto uc; and the host
     * handler, for a SIGSYS that is not a trap (someone sent it). */
    void (*deliver_pending)(struct thread_state *t, ucontext_t *uc);
    void (*host_signal)(int sig, siginfo_t *si, void *ctx);
};

/* The rewrite fast path (fastpath/), registered only when the trap plan is one
 * of its two modes. */
struct fastpath_hooks {
    /* A dispatch SIGSYS that is the hook's slow exit: 1 when handled. */
    int (*redeliver)(struct thread_state *t, ucontext_t *uc);
    /* A half-written site's mov ran: the trap's registers are mended. */
    void (*fix_torn_call)(ucontext_t *uc);
    /* After a dispatch trap was emulated: rewrite its site when it qualifies. */
    void (*after_trap)(struct thread_state *t, ucontext_t *uc, uint64_t nr);
    /* An EFAULT on an execute-only rewritten page: 1 when the page got its
     * bytes back and the call may be made once more. */
    int (*expose_arguments)(uint64_t nr, const greg_t *g);
    /* Is pc inside a stub region (code the program never had)? */
    int (*in_stub_region)(uint64_t pc);
    /* The guest context of a thread stopped inside the hook, or 0. */
    ucontext_t *(*stop_context)(struct thread_state *t, const ucontext_t *interrupted);
    /* A host signal: 1 when the hook took it (see fastpath_hook.c). */
    int (*host_signal)(struct thread_state *t, ucontext_t *uc, int sig, siginfo_t *si);
    /* Threads: a new one starts; around a CLONE_VM clone (returns what
     * after_clone gets back); one exits. */
    void (*thread_start)(struct thread_state *t);
    int (*before_clone)(struct thread_state *t, uint64_t flags, struct thread_state *child);
    void (*after_clone)(struct thread_state *t, uint64_t flags, long r, int before);
    void (*thread_exit)(struct thread_state *t);
};

/* The gdb stub (gdb/), registered with -g. */
struct debugger_hooks {
    /* A SIGSYS from gdb's `attach` through x32-run -g: 1 when it was one. */
    int (*attach_request)(const siginfo_t *si, ucontext_t *uc);
    /* The host signals the debugger needs now (bit sig-1): no guest action
     * or mask may take them. */
    uint64_t (*owned_signals)(void);
    /* A signal about to be delivered: the signal to deliver, or 0 when gdb
     * suppressed it. */
    int (*signal_stop)(int sig, const siginfo_t *si, ucontext_t *uc);
    /* The process exits with status (exit_group). */
    void (*report_exit)(int status);
};

extern struct trap_hooks trap_hooks;
extern struct fastpath_hooks fastpath_hooks;
extern struct debugger_hooks debugger_hooks;

static inline uint64_t debugger_owned_signals(void)
{
    return debugger_hooks.owned_signals ? debugger_hooks.owned_signals() : 0;
}

#endif
