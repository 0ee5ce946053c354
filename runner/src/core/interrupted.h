/* Where a runner signal handler interrupted a thread, and which guest context
 * that thread is showing: the one home for the questions signal delivery, gdb's
 * all-stop and gdb's attach each ask (core/interrupted.c). */
#ifndef X32RUN_INTERRUPTED_H
#define X32RUN_INTERRUPTED_H

#include "core/thread_state.h"
#include <stdint.h>
#include <ucontext.h>

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
