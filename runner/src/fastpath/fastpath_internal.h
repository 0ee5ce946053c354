/* What the fastpath/ files share among themselves; the rest of the runner
 * includes fastpath.h only. */
#ifndef X32RUN_FASTPATH_INTERNAL_H
#define X32RUN_FASTPATH_INTERNAL_H

#include "fastpath/fastpath.h"
#include "fastpath/fastpath_fs.h"
#include "fastpath/fastpath_poke.h"
#include "fastpath/fastpath_xonly.h"

/* fastpath_hook.c: the hooks fastpath_install puts into core's fastpath_hooks.
 * thread_start points %gs at t and fills its fast area; every thread before it
 * may run a patched site (new CLONE_VM children; the main thread at its first
 * trap). */
void fastpath_thread_start(struct thread_state *t);
/* After a SUD trap was emulated: patch the site when it qualifies. */
void fastpath_after_trap(struct thread_state *t, ucontext_t *uc, uint64_t nr);
/* First thing for a dispatch SIGSYS: the hook's slow exit lands here; 1 when
 * this trap was that (handled), else 0. */
int fastpath_redeliver(struct thread_state *t, ucontext_t *uc);
/* First thing in the host signal handler: 1 when the signal was delivered
 * here; else the usual runner-text handling continues (the hook is marked for
 * its slow exit). */
int fastpath_host_signal(struct thread_state *t, ucontext_t *uc, int sig, siginfo_t *si);
/* gdb: the guest's registers and FP state of a thread inside the hook's call,
 * at its `syscall` as a SIGSYS frame would show them (0 when the thread is not
 * in a call of the hook); interrupted is the frame of the signal that stopped
 * it, whose FP state is the guest's (the hook leaves those registers alone). */
ucontext_t *fastpath_stop_context(struct thread_state *t, const ucontext_t *interrupted);

/* Why this host cannot rewrite sites (0: it can, given SUD). */
const char *fastpath_unavailable_reason(void);
int fastpath_xsave_usable(void);
int fastpath_cx16_usable(void);
int fastpath_bmi2_usable(void);

/* fastpath_patch.c: the site table's lock is held across a fork
 * (core/fork.h's FORK_HOLD), so the child never finds a site half rewritten. */
void fastpath_fork_prepare(void);
void fastpath_fork_done(int in_child);

/* Set once the program took %gs: no site is rewritten any more. */
extern int fastpath_retired;
/* Every patched site gets its original bytes back. */
void fastpath_unpatch_all(void);

/* fastpath_patch.c, shared with fastpath_hook.c */
int fastpath_call_rewritable(unsigned long nr);
uint64_t fastpath_redeliver_address(void);

#endif
