/* The rewrite fast path (the default; X32_RUN_TRAP=sud turns it off), the
 * run-time side: the C half of the hook that a patched site reaches without a signal, its slow exit through a real SUD
 * trap when a signal came meanwhile, and the per-thread %gs set-up.
 *
 * The hook gives emulate_syscall a ucontext built from the saved registers
 * (no FP state, no mask: only calls that need neither are ever rewritten,
 * fastpath_call_rewritable).  Signals never get a frame from inside the hook:
 * the host handler marks the hook slow and queues them as during a trap, and
 * the slow exit runs the region's `syscall` (below 4 GiB, so SUD traps it);
 * that SIGSYS frame gets the call's result and the guest's mask, and the
 * existing delivery (deliver_pending_signals) builds the handler frames, with
 * the same restarts, masks and sigreturn as on the SUD path. */
#include "fastpath/fastpath_internal.h"
#include "fastpath/fastpath_xonly.h"
#include "fastpath/fastpath_fs.h"
#include "base/raw_syscall.h"
#include "signals/signals.h"
#include "core/core.h"
#include "base/util.h"
#include "base/x32_abi.h"
#include <cpuid.h>
#include <sys/syscall.h>

#define ARCH_SET_GS 0x1001
#define EFLAGS_TF 0x100
#define XFEATURE_X87 1ULL
#define XFEATURE_SSE 2ULL
#define XFEATURE_AVX 4ULL
#define REDELIVER_NR 0x7fffffff

extern char fast_hook_entry[], fast_hook_check[], fast_hook_end[];
extern char fast_hook_entry_fs[], fast_fs_swapped[], fast_fs_in_hook[], fast_fs_miss[];
int fastpath_enabled;
/* XSAVE must be usable (OSXSAVE) and its area fit the thread block: the exit
 * of a call gdb stopped in loads the guest's state with XRSTOR. */
int fastpath_xsave_usable(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27)))
        return 0;
    __cpuid_count(0xd, 0, a, b, c, d);
    return b != 0 && b <= FPSTATE_MAX;
}

/* cmpxchg16b swaps a site's 16-byte block in one store (fastpath_patch.c). */
int fastpath_cx16_usable(void)
{
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 13));
}

enum trap_mode fastpath_mode_here(const char **why)
{
    *why = fastpath_unavailable_reason();
    if (*why)
        return TRAP_SUD;
    if (!fastpath_fs_host())
        return TRAP_REWRITE_GS;
    /* Programs own the %gs base here (rdgsbase/wrgsbase): the hook finds its
     * block through %fs (fastpath_fs.c), or the fast path stays off. */
    if (!fast_fs_table) {
        *why = "FSGSBASE is on, and there was no room above 4 GiB for the %fs entry's table";
        return TRAP_SUD;
    }
    return TRAP_REWRITE_FS;
}

static void site_table_child(struct thread_state *self, ucontext_t *uc)
{
    (void)self, (void)uc;
    fastpath_fork_done(1);
}

static void site_table_parent(void) { fastpath_fork_done(0); }

static void fs_fork_child(struct thread_state *self, ucontext_t *uc)
{
    (void)uc;
    fastpath_fs_after_fork(self, thread_list());
}

void fastpath_install(enum trap_mode mode)
{
    static const struct fork_hooks site_table = {
        .name = "the rewritten-site table", .policy = FORK_HOLD,
        .prepare = fastpath_fork_prepare, .parent = site_table_parent, .child = site_table_child,
    };
    static const struct fork_hooks fs_table = {
        .name = "the %fs entry's table", .policy = FORK_RESET, .child = fs_fork_child,
    };
    if (mode == TRAP_REWRITE_FS) {
        fastpath_fs_mode = 1;
        fastpath_fs_shlx = fastpath_bmi2_usable();
    }
    fastpath_hooks = (struct fastpath_hooks){
        .redeliver = fastpath_redeliver,
        .fix_torn_call = poke_fix_torn_call,
        .after_trap = fastpath_after_trap,
        .expose_arguments = xonly_expose_arguments,
        .stop_context = fastpath_stop_context,
        .in_stub_region = fastpath_in_stub_region,
        .host_signal = fastpath_host_signal,
        .thread_start = fastpath_thread_start,
        .before_clone = fastpath_fs_before_clone,
        .after_clone = fastpath_fs_after_clone,
        .thread_exit = fastpath_fs_unlist,
    };
    fork_register(&site_table);
    fork_register(&fs_table);
    fastpath_enabled = 1;
}

/* BMI2's shlx packs a run-time call number without touching the flags
 * (fastpath_regions.c, syscall()'s sites under the %fs-anchored entry). */
int fastpath_bmi2_usable(void)
{
    unsigned a, b, c, d;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 8));
}

void fastpath_thread_start(struct thread_state *t)
{
    if (!fastpath_enabled)
        return;
    if (!fastpath_fs_mode && fastpath_retired) {
        /* A new thread of a program that took %gs: nothing of the runner's
         * may stay in it (clone copied the creator's real base). */
        if (!t->gs_taken)
            raw_syscall2(SYS_arch_prctl, ARCH_SET_GS, t->gs_virtual);
        t->gs_taken = 1;
        return;
    }
    t->fast.self = (uint64_t)t;
    t->fast.xsave = (uint64_t)t->fast_xsave;
    t->fast.stack_top = ((uint64_t)t + ALTSTACK_SIZE) & ~15ULL;
    t->fast.in_hook = 0;
    t->fast.slow = 0;
    t->fast.mask_saved = 0;
    t->fast.redeliver_armed = 0;
    t->fast.fp_saved = 0;
    if (fastpath_fs_mode) {
        /* The %gs base stays the program's; the table names the block. */
        if (!t->fs_shared)
            fastpath_fs_list(t, fastpath_fs_base());
        return;
    }
    if (raw_syscall2(SYS_arch_prctl, ARCH_SET_GS, t))
        die(126, "rewrite fast path: cannot set the %%gs base; run with X32_RUN_TRAP=sud");
}

/* The gregs slot of each fast-area register (thread_state.h's regs[] order,
 * which fastpath_entry.S fills): the hook builds its ucontext with it, and
 * fastpath_stop_done takes gdb's changes back with it. */
static const int fast_reg_slot[12] = {REG_RDI, REG_RSI, REG_RDX, REG_R10, REG_R8,  REG_R9,
                                      REG_RBX, REG_RBP, REG_R12, REG_R13, REG_R14, REG_R15};

void fastpath_hook_c(struct thread_state *t);
void fastpath_hook_c(struct thread_state *t)
{
    ucontext_t *uc = &t->fast_uc;
    greg_t *g = uc->uc_mcontext.gregs;
    struct fast_area *f = &t->fast;
#pragma GCC unroll 12 /* every fast call passes here: straight-line stores */
    for (int i = 0; i < 12; i++)
        g[fast_reg_slot[i]] = (greg_t)f->regs[i];
    g[REG_RAX] = (greg_t)f->nr;
    g[REG_RCX] = g[REG_RIP] = (greg_t)f->ret;
    g[REG_R11] = g[REG_EFL] = (greg_t)f->rflags;
    g[REG_RSP] = (greg_t)f->rsp;
    uc->uc_mcontext.fpregs = 0;
    if (f->nr > 0xffffffffULL || !fastpath_call_rewritable(f->nr & ~X32_SYSCALL_BIT)) {
        /* A syscall() site asked for a call that needs the SUD path: back to
         * the `syscall` instruction, which traps. */
        f->result = f->nr;
        f->ret -= 2;
        return;
    }
    /* As on the SUD path (robust list sync, EFAULT recovery), but no SIGSYS
     * frame: a signal meanwhile marks the hook slow (fastpath_host_signal). */
    f->result = (uint64_t)run_emulated_call(t, uc, f->nr, CALL_FROM_HOOK);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    t->in_syscall = 0;
}

/* The slow exit's preparation; may run twice (a signal rewinds to
 * fast_hook_check), so it only sets state.  The live mask blocks every
 * signal but the faults since the first deferred one (signal_host.c), SIGSYS
 * included: the redelivery trap needs SIGSYS open. */
void fastpath_hook_slow(struct thread_state *t);
void fastpath_hook_slow(struct thread_state *t)
{
    uint64_t sigsys = BIT(SIGSYS);
    t->fast.redeliver = fastpath_redeliver_address();
    t->fast.redeliver_armed = 1;
    raw_syscall4(SYS_rt_sigprocmask, SIG_UNBLOCK, &sigsys, 0, 8);
}

int fastpath_redeliver(struct thread_state *t, ucontext_t *uc)
{
    greg_t *g = uc->uc_mcontext.gregs;
    if (fastpath_fs_miss(uc))
        return 0; /* now the trap of the site's own `syscall` */
    uint64_t at = fastpath_redeliver_address(), pc = (uint64_t)g[REG_RIP];
    if (!at || pc - 2 != at)
        return 0;
    if (pc != at + 2 || !t->fast.redeliver_armed || (uint64_t)g[REG_RAX] != REDELIVER_NR)
        die(128 + SIGSEGV, "rewrite fast path: the program jumped to x32-run's "
            "slow-exit `syscall` at %p in its vDSO or stub region",
            (void *)(uintptr_t)(pc - 2));
    struct fast_area *f = &t->fast;
    f->redeliver_armed = 0;
    f->slow = 0;
    g[REG_RAX] = (greg_t)f->result;
    g[REG_RIP] = g[REG_RCX] = (greg_t)f->ret;
    g[REG_R11] = (greg_t)f->rflags;
    if (f->mask_saved)
        *uc_mask(uc) = f->guest_mask;
    f->mask_saved = 0;
    if (t->fast_step)
        g[REG_EFL] |= EFLAGS_TF; /* gdb's stepi from inside the call */
    t->fast_step = 0;
    t->guest_uc = uc;
    t->in_sigsys = 1;
    t->in_syscall = 0;
    t->cur_nr = f->nr;
    deliver_pending_signals(t, uc);
    return 1;
}

int fastpath_host_signal(struct thread_state *t, ucontext_t *uc, int sig, siginfo_t *si)
{
    greg_t *g = uc->uc_mcontext.gregs;
    uint64_t pc = (uint64_t)g[REG_RIP];
    if (xonly_read_fault(sig, si))
        return 1; /* a load from an execute-only rewritten page: re-run it */
    if (pc == (uint64_t)fast_hook_entry) {
        /* Nothing done yet and every guest register intact: as if the signal
         * came just before the `syscall`, which runs (through SUD) after it. */
        g[REG_RIP] = g[REG_RCX] - 2;
        deliver_signal(t, uc, sig, si, 0);
        return 1;
    }
    if (fastpath_fs_mode && ((pc >= (uint64_t)fast_hook_entry_fs && pc <= (uint64_t)fast_fs_in_hook) ||
                             pc == (uint64_t)fast_fs_miss)) {
        /* The same before the %fs-anchored entry's first write: only the
         * scratch registers changed, and one of them packs nr and the return. */
        uint64_t packed = (uint64_t)(pc <= (uint64_t)fast_fs_swapped ? g[REG_RCX] : g[REG_RAX]);
        g[REG_RAX] = (greg_t)(packed >> 32);
        g[REG_RIP] = (greg_t)((uint32_t)packed - 2);
        deliver_signal(t, uc, sig, si, 0);
        return 1;
    }
    int in_tail = pc >= (uint64_t)fast_hook_check && pc < (uint64_t)fast_hook_end;
    if (!t->fast.in_hook && !in_tail)
        return 0;
    if (in_tail) {
        g[REG_RIP] = (greg_t)fast_hook_check;
        /* the exit may have put the program's %gs base back already; the
         * base is not in the signal frame, so setting it here stays */
        if (fastpath_fs_mode)
            __asm__ volatile("wrgsbase %0" : : "r"((uint64_t)t) : "memory");
    }
    if (!t->fast.mask_saved) {
        t->fast.guest_mask = *uc_mask(uc);
        t->fast.mask_saved = 1;
    }
    t->fast.slow = 1;
    return 0;
}

/* gdb's view of the XSAVE area the hook filled: components the CPU left in
 * their initial state (XSTATE_BV clear) are written out as that state and
 * marked present, so that gdb reads real values and a register it writes is
 * what XRSTOR loads; the kernel's software bytes (at 464, which XSAVE leaves
 * alone) say how big the area is and that it holds AVX, as in a signal frame. */
static void fp_view(struct thread_state *t)
{
    unsigned char *x = t->fast_xsave;
    uint64_t bv;
    mem_copy(&bv, x + 512, 8);
    if (!(bv & XFEATURE_X87)) {
        /* FCW..FDP only: MXCSR (at 24) is saved with SSE/AVX, whatever x87's state. */
        uint16_t fcw = 0x37f;
        mem_set(x, 0, 24);
        mem_copy(x, &fcw, 2);
        mem_set(x + 32, 0, 128); /* st0-st7 */
    }
    if (!(bv & XFEATURE_SSE))
        mem_set(x + 160, 0, 256); /* xmm0-xmm15 */
    if (!(bv & (XFEATURE_SSE | XFEATURE_AVX))) {
        /* XSAVEC may skip MXCSR then; the CPU counts it in use unless it is 1f80. */
        uint32_t mxcsr = 0x1f80;
        mem_copy(x + 24, &mxcsr, 4);
    }
    uint64_t avx = 0;
    uint64_t comp;
    mem_copy(&comp, x + 520, 8); /* XCOMP_BV: compacted areas list their parts */
    unsigned xcr0_lo, xcr0_hi; /* what the kernel enabled: XSAVE saved those */
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    if ((xcr0_lo & XFEATURE_AVX) && (!(comp >> 63) || (comp & XFEATURE_AVX)))
        avx = XFEATURE_AVX;
    if (avx && !(bv & XFEATURE_AVX))
        mem_set(x + 576, 0, 256);
    bv |= XFEATURE_X87 | XFEATURE_SSE | avx;
    mem_copy(x + 512, &bv, 8);
    uint32_t sw[6] = {FP_XSTATE_MAGIC1, avx ? 576 + 256 : 512, (uint32_t)(bv & 7), 0,
                      avx ? 576 + 256 : 512, 0};
    mem_copy(x + 464, sw, sizeof sw);
}

/* The XSAVE image in a signal frame (the kernel writes the standard form, its
 * size in the software bytes at 464) copied to dst; 0 when the frame has none
 * or it would not fit. */
static int copy_frame_fpstate(unsigned char *dst, const ucontext_t *uc)
{
    const void *fp = uc->uc_mcontext.fpregs;
    /* Only an XSAVE frame carries what the exit's XRSTOR needs (its header). */
    uint32_t size = fp ? fpstate_size(fp) : 0;
    if (size <= 512)
        return 0;
    mem_copy(dst, fp, size);
    return 1;
}

ucontext_t *fastpath_stop_context(struct thread_state *t, const ucontext_t *interrupted)
{
    if (!fastpath_enabled || !t || !t->fast.in_hook || !t->in_syscall)
        return 0;
    /* The signal that stopped the thread interrupted the hook's own code (the
     * runner's handlers block every signal while they run), so its frame holds
     * the guest's FP registers as the call left them.  A second stop in the
     * same call keeps the first copy, with what gdb changed in it. */
    if (!t->fast.fp_saved && interrupted && copy_frame_fpstate(t->fast_xsave, interrupted))
        t->fast.fp_saved = 1;
    if (t->fast.fp_saved) {
        fp_view(t);
        t->fast_uc.uc_mcontext.fpregs = (fpregset_t)(void *)t->fast_xsave;
    } else {
        t->fast_uc.uc_mcontext.fpregs = 0; /* gdb then shows no FP registers */
    }
    return &t->fast_uc;
}

void fastpath_stop_done(struct thread_state *t, ucontext_t *uc)
{
    if (!t || uc != &t->fast_uc)
        return;
    greg_t *g = uc->uc_mcontext.gregs;
    struct fast_area *f = &t->fast;
    for (int i = 0; i < 12; i++)
        f->regs[i] = (uint64_t)g[fast_reg_slot[i]];
    f->rsp = (uint64_t)g[REG_RSP];
    f->ret = (uint64_t)g[REG_RIP];
    f->rflags = (uint64_t)g[REG_EFL] & ~(uint64_t)EFLAGS_TF;
    t->fast_step = (g[REG_EFL] & EFLAGS_TF) != 0;
    uc->uc_mcontext.fpregs = 0;
    /* The fast exit reloads only what C clobbers; the slow one, everything
     * gdb may have changed (and a step's trap flag goes on its frame). */
    f->slow = 1;
}
