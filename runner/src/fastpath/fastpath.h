/* The rewrite fast path: lazy rewriting of system-call sites (the default;
 * X32_RUN_TRAP=sud or =seccomp turns it off).
 *
 * The 4th SUD trap at a site `mov $nr,%eax; syscall` rewrites the 5-byte
 * mov into `jmp stub`; the stub (below 4 GiB) sets %ecx to the return
 * address and %eax to nr and jumps to fastpath_entry.S, which runs the
 * emulator on the thread's altstack without a signal.  The `syscall` bytes
 * stay, so a jump straight to them still traps through SUD.  See
 * runner/README.md ("Rewrite fast path"). */
/* This is the folder's public header: the rest of the runner includes only
 * this; what the fastpath/ files share among themselves is in
 * fastpath_internal.h. */
#ifndef X32RUN_FASTPATH_H
#define X32RUN_FASTPATH_H

#include "core/core.h"

/* Set once the fast path is installed (trap plan: a rewrite mode). */
extern int fastpath_enabled;

/* front/, at start-up, before core's address_space_init takes every free range
 * above 4 GiB: the %fs-anchored entry's table (4 GiB, lazily filled) on
 * FSGSBASE hosts. */
void fastpath_fs_reserve(void);
/* front/'s trap plan: which rewrite mode this host allows (TRAP_REWRITE_GS or
 * TRAP_REWRITE_FS), or TRAP_SUD with *why saying what it lacks. */
enum trap_mode fastpath_mode_here(const char **why);
/* Turns the fast path on in that mode, before the guest runs (its first trap
 * may rewrite a site): fills core's fastpath_hooks and registers its fork
 * state.  Called only when the trap plan chose a rewrite mode. */
void fastpath_install(enum trap_mode mode);
/* probe.c: the host facts behind the plan. */
int fastpath_fs_host(void);
int cpu_ospke(void);

/* syscalls/, before a guest mmap/munmap/mprotect/mremap: patched sites in the
 * range get their original bytes back; the stub regions are refused.  Returns 1
 * when the call is then in flight: fastpath_memory_call_done after it (no site
 * is rewritten meanwhile). */
int fastpath_memory_call(unsigned long nr, const greg_t *g);
void fastpath_memory_call_done(void);
/* syscalls/: ARCH_GET_GS and ARCH_SET_GS as the kernel answers them, while the
 * real %gs base may hold the runner's thread block; 1 when the call was
 * answered (*result set), 0 to forward it. */
int fastpath_arch_prctl(struct thread_state *t, uint64_t code, uint64_t addr, long *result);
/* syscalls/, after ARCH_SET_FS: the %fs-anchored entry's table names t under
 * its new base (a no-op unless that entry is in use). */
void fastpath_fs_list(struct thread_state *t, uint64_t fs);

/* gdb/: after gdb let a thread stopped inside the hook go, takes back what gdb
 * changed (a no-op for other uc). */
void fastpath_stop_done(struct thread_state *t, ucontext_t *uc);
/* gdb/: is addr inside a stub region (code the program never had)? */
int fastpath_in_stub_region(uint64_t addr);
/* gdb/: buf holds guest memory read from [addr, addr + n); rewritten sites in
 * it are shown with their original bytes (a debugger disassembles what the
 * program holds).  A gdb write there first unpatches (fastpath_unpatch_range),
 * so that what gdb puts back later is what runs. */
void fastpath_original_view(uint64_t addr, void *buf, size_t n);
void fastpath_unpatch_range(uint64_t addr, uint64_t len);

/* procfs/: 1 when [start, end) is (part of) a stub region, which the program's
 * view of its mappings leaves out. */
int fastpath_hidden_range(uint64_t start, uint64_t end);
/* procfs/: 1 when two mappings meet at addr only because a rewrite changed a
 * page's protection there (the program's view joins them). */
int fastpath_split_at(uint64_t addr);
/* procfs/: 1 when the page holds rewritten sites and is kept execute-only
 * (fastpath_xonly.c): the program's view shows its own protection, r-x, and
 * protection key 0. */
int fastpath_xonly_page(uint64_t page);

#endif
