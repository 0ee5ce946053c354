/* Per-thread runner state and the process-wide guest signal table.
 *
 * Each guest thread owns one ALTSTACK_SIZE-aligned block from the runner's
 * arena: this struct at the bottom, the host signal altstack above it.  Every
 * runner handler (SIGSYS traps and host signals) runs on that altstack, so the
 * current thread's state is found by rounding the stack pointer down: no
 * TLS, no %fs/%gs, no system call. */
#ifndef X32RUN_THREAD_STATE_H
#define X32RUN_THREAD_STATE_H

#include <signal.h>
#include <stdint.h>
#include <ucontext.h>

#include "core/layout.h"

/* Kernel ABI constants glibc does not export. */
#ifndef SA_RESTORER
#define SA_RESTORER 0x04000000
#endif
#ifndef SS_AUTODISARM
#define SS_AUTODISARM (1U << 31)
#endif

#define FPSTATE_MAX (16 * 1024)
#define NSIG_GUEST 64

/* What the guest asked rt_sigaction for, in x32 terms. */
struct guest_sigaction {
    uint32_t handler, flags, restorer;
    uint64_t mask;
};

/* One table per kernel "sighand": shared by CLONE_SIGHAND threads, copied for
 * fork and for CLONE_VM children without CLONE_SIGHAND (vfork, posix_spawn). */
struct guest_sighand {
    struct guest_sigaction act[NSIG_GUEST + 1];
};

struct thread_state {
    /* Cleared by the SIGSYS restorer (trap_entry.S) right before
     * rt_sigreturn; must stay the first member. */
    volatile int in_sigsys;
    int fast_pad_;
    /* The rewrite fast path: what fastpath_entry.S saves and reads through
     * %gs; at FAST_AREA_OFFSET (layout.h). */
    struct fast_area {
        uint64_t self;          /* this block: the %gs base, set per thread */
        volatile uint64_t in_hook; /* the hook runs: signals are deferred */
        uint64_t rsp, rflags, ret, nr, result;
        uint64_t regs[12];      /* rdi rsi rdx r10 r8 r9 rbx rbp r12 r13 r14 r15 */
        volatile uint64_t slow; /* leave through the SIGSYS redelivery */
        uint64_t xsave;         /* 64-aligned XSAVE area for the guest's FP state */
        uint64_t stack_top;     /* the hook's stack: the top of the altstack */
        uint64_t redeliver;     /* the `syscall` below 4 GiB the slow exit runs */
        uint64_t guest_mask;    /* the live (guest) mask when the first signal came */
        int mask_saved;
        int redeliver_armed;
        uint64_t prog_gs;       /* %fs-anchored entry: the program's %gs base */
        /* The hook saves none of the guest's vector, x87 or AVX registers (its
         * code uses none: runner/Makefile's TRAP_PATH_CFLAGS).  Set when gdb
         * stopped the thread in the hook: xsave then holds that state, maybe
         * changed by gdb, and the exit loads it (fastpath_entry.S). */
        uint64_t fp_saved;
    } fast;
    /* %fs-anchored entry (fastpath_fs.c): the %fs base under which the table
     * names this block, when fs_listed; fs_shared: another thread runs under
     * the same %fs (CLONE_VM without CLONE_SETTLS), so neither is listed. */
    uint64_t fs_listed_at;
    int fs_listed;
    int fs_shared;
    /* The trap handler is emulating a call; signals are queued, not delivered. */
    volatile int in_syscall;
    /* Read by safe_syscall right before `syscall`. */
    volatile int signal_pending;
    int tid;
    int tgid;                   /* for the liveness check before reuse */
    volatile int alive;
    uint64_t cur_nr;            /* guest rax at the trap, for restarts */
    /* Where a fault inside an emulated call resumes (__builtin_setjmp), so a
     * bad guest pointer gives EFAULT as on a kernel instead of a crash. */
    void *fault_jmp[5];
    volatile int fault_recovery;
    ucontext_t *guest_uc;       /* the trap frame holding the guest context */
    uint64_t pending_set;       /* bit (sig-1): host signal taken while busy */
    siginfo_t pending_info[NSIG_GUEST + 1];
    /* rt_sigsuspend, ppoll, pselect6, epoll_pwait(2) and io_pgetevents run
     * with a temporary mask: a handler they wake gets that mask plus its own
     * (the frame still saves the old mask). */
    int temp_mask_call;
    uint64_t temp_mask;
    /* SIGSYS can never really be blocked (a blocked dispatch SIGSYS kills),
     * so the guest's wish to block it is kept here. */
    int sigsys_blocked;
    int sigsys_pending;         /* a sent SIGSYS waiting for the unblock */
    siginfo_t sigsys_info;
    /* The guest's virtual sigaltstack (the real one belongs to the runner). */
    uint32_t ss_sp, ss_size;
    int ss_flags;
    uint32_t robust_head;       /* x32 set_robust_list registration */
    uint64_t native_robust[3];  /* the kernel's view: a shadow list head */
    /* The program's %gs base while the real one holds this block for the
     * rewrite fast path (fastpath_gs.c); gs_taken: the real base is the
     * program's (it set one, and the fast path retired). */
    uint64_t gs_virtual;
    int gs_taken;
    struct guest_sighand *sighand;
    struct guest_sighand own_sighand;
    struct thread_state *next_thread;
    /* A new CLONE_VM child starts by rt_sigreturn through this context. */
    ucontext_t start_uc __attribute__((aligned(16)));
    unsigned char start_fpstate[FPSTATE_MAX] __attribute__((aligned(64)));
    /* The rewrite fast path: the context the hook hands the emulator, and the
     * guest's FP state when gdb stops the thread in the hook (fast.fp_saved). */
    ucontext_t fast_uc;
    unsigned char fast_xsave[FPSTATE_MAX] __attribute__((aligned(64)));
    /* gdb stepped a thread stopped inside the hook: the slow exit's SIGSYS
     * frame gets the trap flag (fastpath_stop_done, fastpath_redeliver). */
    int fast_step;
};

static inline struct thread_state *current_thread(void)
{
    uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
    return (struct thread_state *)(sp & ~((uintptr_t)ALTSTACK_SIZE - 1));
}

_Static_assert(sizeof(struct thread_state) < ALTSTACK_SIZE / 4, "thread block too small");
_Static_assert(__builtin_offsetof(struct thread_state, fast) == FAST_AREA_OFFSET &&
               __builtin_offsetof(struct fast_area, slow) == FAST_SLOW - FAST_AREA_OFFSET &&
               __builtin_offsetof(struct fast_area, redeliver) ==
                   FAST_REDELIVER - FAST_AREA_OFFSET &&
               __builtin_offsetof(struct fast_area, prog_gs) ==
                   FAST_PROG_GS - FAST_AREA_OFFSET &&
               __builtin_offsetof(struct fast_area, fp_saved) ==
                   FAST_FP_SAVED - FAST_AREA_OFFSET,
               "layout.h's FAST_* offsets");

#endif
