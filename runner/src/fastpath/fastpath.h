/* The rewrite fast path: lazy rewriting of system-call sites (the default;
 * X32_RUN_TRAP=sud or =seccomp turns it off).
 *
 * The 4th SUD trap at a site `mov $nr,%eax; syscall` rewrites the 5-byte
 * mov into `jmp stub`; the stub (below 4 GiB) sets %ecx to the return
 * address and %eax to nr and jumps to fastpath_entry.S, which runs the
 * emulator on the thread's altstack without a signal.  The `syscall` bytes
 * stay, so a jump straight to them still traps through SUD.  See
 * runner/README.md ("Rewrite fast path"). */
#ifndef X32RUN_FASTPATH_H
#define X32RUN_FASTPATH_H

#include "core/thread_state.h"

#ifdef X32RUN_FUZZ
/* The translator fuzz target (runner/fuzz) links signal_host.c without the
 * fast path: it is never on there. */
#define fastpath_enabled 0
static inline int fastpath_host_signal(struct thread_state *t, ucontext_t *uc, int sig,
                                       siginfo_t *si)
{
    (void)t, (void)uc, (void)sig, (void)si;
    return 0;
}
#else
extern int fastpath_enabled;

/* Once at start-up, before the guest runs (its first trap may rewrite a site):
 * on when rewrite_asked (X32_RUN_TRAP says neither sud nor seccomp, the
 * caller's trap_choice) and the CPU has XSAVE and CMPXCHG16B. */
void fastpath_configure(int rewrite_asked);
/* Points %gs at t and fills its fast area; every thread before it may run a
 * patched site (new CLONE_VM children; the main thread at its first trap). */
void fastpath_thread_start(struct thread_state *t);

/* trap.c, after a SUD trap was emulated: patch the site when it qualifies. */
void fastpath_after_trap(struct thread_state *t, ucontext_t *uc, uint64_t nr);
/* trap.c, first thing for a dispatch SIGSYS: the hook's slow exit lands
 * here; 1 when this trap was that (handled), else 0. */
int fastpath_redeliver(struct thread_state *t, ucontext_t *uc);
/* signal_host.c, first thing: 1 when the signal was delivered here; else the
 * usual runner-text handling continues (the hook is marked for its slow exit). */
int fastpath_host_signal(struct thread_state *t, ucontext_t *uc, int sig, siginfo_t *si);
#endif
/* gdb: the guest's registers and FP state of a thread inside the hook's
 * call, at its `syscall` as a SIGSYS frame would show them (0 when the
 * thread is not in a call of the hook); interrupted is the frame of the
 * signal that stopped it, whose FP state is the guest's (the hook leaves
 * those registers alone).  After gdb let the thread go, fastpath_stop_done
 * takes back what gdb changed (a no-op for other uc). */
ucontext_t *fastpath_stop_context(struct thread_state *t, const ucontext_t *interrupted);
void fastpath_stop_done(struct thread_state *t, ucontext_t *uc);
/* probe.c: why this host cannot rewrite sites (0: it can, given SUD). */
const char *fastpath_unavailable_reason(void);
int fastpath_xsave_usable(void);
int fastpath_cx16_usable(void);
int fastpath_bmi2_usable(void);
/* syscalls.c, before a guest mmap/munmap/mprotect/mremap: patched sites in
 * the range get their original bytes back; the stub regions are refused.
 * Returns 1 when the call is then in flight: fastpath_memory_call_done after
 * it (no site is rewritten meanwhile). */
int fastpath_memory_call(unsigned long nr, const greg_t *g);
void fastpath_memory_call_done(void);
/* core/threads.c, around a fork: the forking thread holds the site table's
 * lock while the kernel copies the process, so the child never finds a site
 * half rewritten or the lock taken by a thread it does not have. */
void fastpath_fork_prepare(void);
void fastpath_fork_done(int in_child);

/* fastpath_gs.c: ARCH_GET_GS and ARCH_SET_GS as the kernel answers them,
 * while the real %gs base may hold the runner's thread block; 1 when the call
 * was answered (*result set), 0 to forward it. */
int fastpath_arch_prctl(struct thread_state *t, uint64_t code, uint64_t addr, long *result);
/* Set once the program took %gs: no site is rewritten any more. */
extern int fastpath_retired;
/* Every patched site gets its original bytes back. */
void fastpath_unpatch_all(void);
/* gdb: buf holds guest memory read from [addr, addr + n); rewritten sites in
 * it are shown with their original bytes (a debugger disassembles what the
 * program holds).  A gdb write there first unpatches (fastpath_unpatch_range),
 * so that what gdb puts back later is what runs. */
void fastpath_original_view(uint64_t addr, void *buf, size_t n);
void fastpath_unpatch_range(uint64_t addr, uint64_t len);

/* proc_self_maps.c: 1 when [start, end) is (part of) a stub region, which
 * the program's view of its mappings leaves out. */
int fastpath_hidden_range(uint64_t start, uint64_t end);
/* proc_self_maps.c: 1 when two mappings meet at addr only because a rewrite
 * changed a page's protection there (the program's view joins them). */
int fastpath_split_at(uint64_t addr);
/* proc_self_maps.c: 1 when the page holds rewritten sites and is kept
 * execute-only (fastpath_xonly.c): the program's view shows its own
 * protection, r-x, and protection key 0. */
int fastpath_xonly_page(uint64_t page);

/* fastpath_patch.c internals shared with fastpath_hook.c */
int fastpath_call_rewritable(unsigned long nr);
uint64_t fastpath_redeliver_address(void);
int fastpath_in_stub_region(uint64_t addr);

#endif
