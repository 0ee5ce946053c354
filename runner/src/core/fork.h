/* What each floor does to its state around a fork (clone without CLONE_VM).
 *
 * The kernel copies the process with only the forking thread in it, so a lock
 * another thread held stays held in the child forever, and state another thread
 * was changing is copied half-changed.  Every floor with such state registers
 * here once at start-up (front/), with one policy per lock:
 *   FORK_HOLD   the forking thread takes the lock before the copy (prepare) and
 *               both sides release it after (parent, child): the child finds
 *               the state whole.  For state a fork must not copy mid-change.
 *   FORK_RESET  nothing before the copy; the child clears the state (child):
 *               for what only the threads it does not have were using.
 * core/'s own (the thread list's and address space's locks) are reset by
 * core/threads.c itself before any registered child callback runs. */
#ifndef X32RUN_FORK_H
#define X32RUN_FORK_H

#include "core/thread_state.h"

enum fork_policy { FORK_HOLD, FORK_RESET };

struct fork_hooks {
    const char *name;           /* what the state is, for the reader */
    enum fork_policy policy;
    void (*prepare)(void);      /* FORK_HOLD: before the copy */
    void (*parent)(void);       /* FORK_HOLD: after the copy, in the parent */
    /* After the copy, in the child (self: the forking thread's block; uc: the
     * guest context the child returns to). */
    void (*child)(struct thread_state *self, ucontext_t *uc);
};

/* At start-up only; h must stay valid.  A FORK_HOLD entry needs all three
 * callbacks, a FORK_RESET one a child callback only: anything else ends the
 * run (a programming error, found by the first test). */
void fork_register(const struct fork_hooks *h);

/* core/threads.c: prepare in registration order; parent or child in reverse. */
void fork_prepare(void);
void fork_parent(void);
void fork_child(struct thread_state *self, ucontext_t *uc);

#endif
