/* Signals as the rest of the runner sees them: the guest's virtual actions and
 * mask, delivery, the host handler and siginfo conversion (signals/); what
 * only the signal files share is in signal_internal.h. */
#ifndef X32RUN_SIGNALS_H
#define X32RUN_SIGNALS_H

#include "core/core.h"
#include "base/x32_abi.h"


/* A signal's bit in a 64-bit mask, and a context's mask as one word. */
#define BIT(sig) (1ULL << ((sig) - 1))
static inline uint64_t *uc_mask(ucontext_t *uc) { return (uint64_t *)&uc->uc_sigmask; }

/* signal_calls.c: the guest's signal system calls */
/* At start-up: the main thread's signal table from the actions it inherited,
 * and delivery and the host handler into core's trap_hooks. */
void signals_init(struct thread_state *main_thread);
long sys_rt_sigaction(struct thread_state *t, long sig, uint64_t act, uint64_t oact,
                      uint64_t setsize);
long sys_rt_sigprocmask(struct thread_state *t, ucontext_t *uc, long how, uint64_t set,
                        uint64_t oset, uint64_t setsize);
long sys_rt_sigpending(struct thread_state *t, uint64_t set, uint64_t size);
/* Takes the virtual pending SIGSYS for rt_sigtimedwait(set) when the kernel would. */
int take_virtual_sigsys(struct thread_state *t, uint64_t set, siginfo_t *info);
/* The guest's view of its mask: the trap frame's, plus a virtual SIGSYS. */
uint64_t guest_mask_of(const struct thread_state *t, ucontext_t *uc);
long sys_sigaltstack(struct thread_state *t, ucontext_t *uc, uint64_t ss, uint64_t oss);
/* Guest mask with the signals the runner needs removed. */
uint64_t sanitize_guest_mask(uint64_t m);
/* Installs the host disposition that implements guest action `a` for sig. */
void install_host_action(int sig, const struct guest_sigaction *a);

/* signal_frame.c: x32 frames */
/* Restores the guest context saved in an x32 frame into the trap context;
 * the guest's rax comes from the frame. */
void sys_x32_rt_sigreturn(struct thread_state *t, ucontext_t *uc);
/* Delivers signals queued while the runner was busy, onto the guest context
 * in the trap frame; resolves a pending ERESTARTSYS_MARK. */
void deliver_pending_signals(struct thread_state *t, ucontext_t *uc);

/* Builds the x32 frame for `sig` on top of the guest context in `uc`, or
 * applies the guest's SIG_IGN/SIG_DFL; base_mask: a temporary-mask call's
 * (the rewrite fast path's hook delivers through it too). */
void deliver_signal(struct thread_state *t, ucontext_t *uc, int sig,
                    const siginfo_t *info, const uint64_t *base_mask);

/* signal_host.c: the host handler of every signal the guest handles */
void host_signal_handler(int sig, siginfo_t *si, void *ctx);

#endif
