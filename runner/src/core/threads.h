/* Threads and processes (threads.c) and the robust futex lists (robust_list.c):
 * the guest calls that make, end and fork tasks, and what the floors above ask
 * of the thread list. */
#ifndef X32RUN_THREADS_H
#define X32RUN_THREADS_H

#include "core/thread_state.h"

/* threads.c */
struct thread_state *thread_alloc(void);
void thread_install_altstack(struct thread_state *t);
long emulate_clone(struct thread_state *t, ucontext_t *uc, uint64_t flags,
                   uint64_t newsp, uint64_t ptid, uint64_t ctid, uint64_t tls);
long emulate_clone3(struct thread_state *t, ucontext_t *uc, uint64_t args_ptr, uint64_t size);
void emulate_thread_exit(struct thread_state *t, long status) __attribute__((noreturn));
/* Every live guest thread of process tgid, for exit_group. */
void walk_all_robust_lists(int tgid);
/* The gdb stub's thread list: this process's live threads' ids, at most cap. */
int guest_thread_ids(int *tids, int cap);
/* Every thread block, live or not (next_thread links them). */
struct thread_state *thread_list(void);
/* Set once a CLONE_VM child other than a vfork one exists: from then on another
 * task may run the program's code at any moment (fastpath_poke.c). */
extern int guest_vm_shared;

/* robust_list.c */
long sys_set_robust_list(struct thread_state *t, uint64_t head, uint64_t len);
long sys_get_robust_list(struct thread_state *t, long pid, uint64_t head_ptr, uint64_t len_ptr);
void walk_robust_list(struct thread_state *t);
void sync_robust_shadow(struct thread_state *t);

/* host_state.c: the host thread's signal mask, set with a raw call (old may
 * be 0). */
void set_host_mask(uint64_t m, uint64_t *old);
/* The magic at byte 464 of an FP state the kernel saved with XSAVE (struct
 * _fpx_sw_bytes); a 512-byte FXSAVE frame has none. */
#define FP_XSTATE_MAGIC1 0x46505853U
/* Bytes of the host FP state at fp (its XSAVE header's size, else 512). */
uint32_t fpstate_size(const void *fp);

#endif
