/* The rewrite fast path's %fs-anchored entry (fastpath_fs.c), used where
 * FSGSBASE lets programs own their %gs base outright. */
#ifndef X32RUN_FASTPATH_FS_H
#define X32RUN_FASTPATH_FS_H

#include "core/core.h"
#include <stdint.h>

/* Set by fastpath_install (trap plan rewrite-fs): stubs enter through fast_hook_entry_fs; and
 * whether their stubs can pack a call number known only at run time (BMI2's
 * shlx), without which syscall()'s sites stay on SUD. */
extern int fastpath_fs_mode;
extern int fastpath_fs_shlx;
extern uint64_t fast_fs_table;

/* A call that found no block traps at this offset from the redelivery
 * `syscall` (a second `syscall` there: vdso_shim.S, fastpath_regions.c). */
#define FS_MISS_OFFSET 4

/* The CPU and kernel let programs use rdgsbase/wrgsbase (AT_HWCAP2). */
int fastpath_fs_host(void);
/* address_space_init, before the VA steal: the 4 GiB table, on such hosts. */
void fastpath_fs_reserve(void);
/* The calling thread's %fs base (rdfsbase: FSGSBASE hosts only). */
uint64_t fastpath_fs_base(void);

/* t runs under %fs base fs, its own (after ARCH_SET_FS, at its start): list
 * it; or unlist it (at its exit).  No-ops unless fastpath_fs_mode. */
void fastpath_fs_list(struct thread_state *t, uint64_t fs);
void fastpath_fs_unlist(struct thread_state *t);
/* emulate_clone (CLONE_VM): a child without CLONE_SETTLS shares t's %fs;
 * after a vfork child is gone (or the clone failed), t has it to itself again,
 * unless it already shared it before (before_clone's result says so). */
int fastpath_fs_before_clone(struct thread_state *t, uint64_t flags,
                             struct thread_state *child);
void fastpath_fs_after_clone(struct thread_state *t, uint64_t flags, long result,
                             int was_shared);
/* The child of a fork: only t exists there; `all` is the list of blocks. */
void fastpath_fs_after_fork(struct thread_state *t, struct thread_state *all);
/* Where misses trap, once the redelivery `syscall` is known. */
void fastpath_fs_set_miss_address(uint64_t redeliver);
/* sigsys_handler: a miss (its %rax packs nr and the return address) becomes
 * the trap of the site's own `syscall`; 1 when it was one. */
int fastpath_fs_miss(ucontext_t *uc);

#endif
