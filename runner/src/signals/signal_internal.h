/* What signal_calls.c, signal_frame.c and signal_host.c share; the rest of
 * the runner uses signals.h. */
#ifndef X32RUN_SIGNAL_INTERNAL_H
#define X32RUN_SIGNAL_INTERNAL_H

#include "signals/signals.h"

/* The kernel's constant; glibc's MINSIGSTKSZ is a sysconf() call now. */
#define X32_MINSIGSTKSZ 2048


/* signal_calls.c */
/* Sets the guest's mask in the trap frame (a virtual SIGSYS bit aside); an
 * unblocked virtual SIGSYS is handed to the end-of-trap delivery. */
void set_guest_mask(struct thread_state *t, ucontext_t *uc, uint64_t m);
int on_guest_altstack(const struct thread_state *t, uint64_t sp);
/* The guest altstack's ss_flags as sigaltstack reports them at sp. */
int guest_ss_flags(const struct thread_state *t, uint64_t sp);

/* signal_frame.c */
int is_sync_fault(int sig, const siginfo_t *si);

#endif
