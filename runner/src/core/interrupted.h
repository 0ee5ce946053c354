/* Where a runner signal handler interrupted a thread, and which guest context
 * that thread is showing: the one home for the questions signal delivery, gdb's
 * all-stop and gdb's attach each ask (core/interrupted.c). */
#ifndef X32RUN_INTERRUPTED_H
#define X32RUN_INTERRUPTED_H

#include "core/thread_state.h"
#include <stdint.h>
#include <ucontext.h>

/* Where the thread was, one answer for signal delivery, gdb's all-stop, its
 * attach and its SIGTRAP handler, tested in this order: */
enum interrupted_place {
    AT_GUEST,          /* guest code or its vDSO */
    AT_STUB,           /* a rewrite stub (fastpath/): code the program never had */
    AT_SIGRETURN_TAIL, /* a trap's end: its result is in and its sigreturn is due,
                        * so a signal goes onto the guest context it restores */
    AT_SAFE_SYSCALL,   /* safe_syscall's window: the call is not made yet */
    AT_HOOK,           /* the rewrite fast path's hook, in a call */
    AT_RUNNER,         /* anywhere else in the runner */
};
enum interrupted_place interrupted_at(const struct thread_state *t, const ucontext_t *uc);
/* Guest code, or a stub that runs in its place: not the runner's. */
static inline int on_guest_side(enum interrupted_place p) { return p == AT_GUEST || p == AT_STUB; }

/* Is pc in the runner's own code (its image above 4 GiB), rather than guest code
 * or the guest's vDSO? */
int in_runner_text(uint64_t pc);

/* Is pc inside safe_syscall's window (after its pending-signal test, up to the
 * completed `syscall`), so that a rewind to safe_syscall_start makes the call
 * "not made yet"?  (core/trap_entry.S) */
int in_safe_syscall(uint64_t pc);
/* That rewind: uc resumes at safe_syscall_start, re-testing for signals. */
void rewind_safe_syscall(ucontext_t *uc);

/* For a thread interrupted inside the runner (uc: the interrupting signal's
 * frame): the guest's context at the `syscall` of the call it is in (the
 * rewrite hook's saved registers, else the SIGSYS frame's), or 0 when it is in
 * no guest call. */
ucontext_t *guest_context_in_call(struct thread_state *t, const ucontext_t *uc);

#endif
