/* Signals as the rest of the runner sees them: the guest's virtual actions and
 * mask, delivery, the host handler and siginfo conversion (signals/); what
 * only the signal files share is in signal_internal.h. */
#ifndef X32RUN_SIGNALS_H
#define X32RUN_SIGNALS_H

#include "core/thread_state.h"

/* The kernel's struct sigaction for rt_sigaction (x86-64 layout), which the
 * runner uses for its own handlers and for the guest's SIG_DFL/SIG_IGN. */
struct kernel_sigaction {
    void *handler;
    unsigned long flags;
    void *restorer;
    uint64_t mask;
};

/* signal_calls.c: the guest's signal system calls */
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
void set_host_mask(uint64_t m, uint64_t *old);
/* Installs the host disposition that implements guest action `a` for sig. */
void install_host_action(int sig, const struct guest_sigaction *a);

/* signal_frame.c: x32 frames */
/* Restores the guest context saved in an x32 frame into the trap context;
 * the guest's rax comes from the frame. */
void sys_x32_rt_sigreturn(struct thread_state *t, ucontext_t *uc);
/* Delivers signals queued while the runner was busy, onto the guest context
 * in the trap frame; resolves a pending ERESTARTSYS_MARK. */
void deliver_pending_signals(struct thread_state *t, ucontext_t *uc);
/* The magic at byte 464 of an FP state the kernel saved with XSAVE (struct
 * _fpx_sw_bytes); a 512-byte FXSAVE frame has none. */
#define FP_XSTATE_MAGIC1 0x46505853U
/* Bytes of the host FP state at fp (its XSAVE header's size, else 512). */
uint32_t fpstate_size(const void *fp);

/* signal_host.c: the host handler of every signal the guest handles */
void host_signal_handler(int sig, siginfo_t *si, void *ctx);

#endif
