/* The trap: turning Syscall User Dispatch (or the seccomp fallback) on, the
 * SIGSYS entry and safe_syscall of core/trap_entry.S, entering the guest, and
 * run_emulated_call, the one way a guest call is emulated. */
#ifndef X32RUN_TRAP_H
#define X32RUN_TRAP_H

#include "core/thread_state.h"

/* Turns Syscall User Dispatch on for the calling thread: every syscall
 * executed below 4 GiB raises SIGSYS; the runner above it is exempt. */
long enable_syscall_dispatch(void);
/* Fallback interception: seccomp RET_TRAP on X32_SYSCALL_BIT. */
long install_seccomp_trap(void);
/* How guest calls reach the runner: front/'s trap plan decides it once, after
 * the SUD attempt, and sets trap_mode before the guest runs.  SUD: every call
 * is a SIGSYS; the two rewrite modes add the fast path on top of SUD (its
 * hook finds the thread's block through %gs, or through %fs where programs own
 * %gs); seccomp: a filter traps calls with the x32 bit, where SUD is missing. */
enum trap_mode { TRAP_SUD, TRAP_SECCOMP, TRAP_REWRITE_GS, TRAP_REWRITE_FS };
extern enum trap_mode trap_mode;
/* "sud", "seccomp", "rewrite-gs", "rewrite-fs": what --probe and the debug log
 * print. */
const char *trap_mode_name(enum trap_mode m);
void install_sigsys_handler(void);

long safe_syscall(volatile int *pending, long nr, long a1, long a2, long a3,
                  long a4, long a5, long a6);
void enter_guest(uint64_t entry, uint64_t sp) __attribute__((noreturn));
long clone_with_child_entry(uint64_t flags, uint64_t child_sp, uint64_t ptid,
                            uint64_t ctid, uint64_t tls, struct thread_state *arg);
void resume_with_sigreturn(ucontext_t *uc) __attribute__((noreturn));

/* Emulates one guest call with nr = its number and uc = the guest's context:
 * the in-call flags, the robust list sync, the fault recovery point, and the
 * result into uc's RAX (unless KEEP_RAX); returns that RAX.  The caller
 * clears in_syscall afterwards.  CALL_FROM_SIGSYS: uc is the SIGSYS frame
 * (also sets guest_uc and in_sigsys); CALL_FROM_HOOK: the rewrite hook's. */
enum call_entry { CALL_FROM_SIGSYS, CALL_FROM_HOOK };
long run_emulated_call(struct thread_state *t, ucontext_t *uc, uint64_t nr,
                       enum call_entry from);

/* What trap_hooks.emulate returns when it set up the context's RAX itself. */
#define KEEP_RAX ((long)0x8000000000000000UL)
/* A call's arguments in the trap context, in the kernel's register order. */
#define ARG1(g) ((uint64_t)(g)[REG_RDI])
#define ARG2(g) ((uint64_t)(g)[REG_RSI])
#define ARG3(g) ((uint64_t)(g)[REG_RDX])
#define ARG4(g) ((uint64_t)(g)[REG_R10])
#define ARG5(g) ((uint64_t)(g)[REG_R8])
#define ARG6(g) ((uint64_t)(g)[REG_R9])
/* Argument n (1-6) of the call in g, for code that picks the argument by number
 * (a call_row's path_arg or fd_arg). */
static inline uint64_t call_arg(const greg_t *g, int n)
{
    static const int regs[6] = {REG_RDI, REG_RSI, REG_RDX, REG_R10, REG_R8, REG_R9};
    return (uint64_t)g[regs[n - 1]];
}

#endif
