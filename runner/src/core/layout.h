/* Constants shared by the C and assembly sides of the runner. */
#ifndef X32RUN_LAYOUT_H
#define X32RUN_LAYOUT_H

/* Size and alignment of a thread block (thread_state + signal altstack);
 * a power of two, so rounding %rsp down finds the block. */
#define ALTSTACK_SIZE (512 * 1024)

/* The rewrite fast path (fastpath_*.c): the thread block's fast-path area,
 * which fastpath_entry.S reaches through %gs (whose base is the block while
 * the hook runs).
 * Offsets are asserted against struct fast_area in thread_state.h. */
#define FAST_AREA_OFFSET 8
#define FAST_SELF (FAST_AREA_OFFSET + 0)
#define FAST_IN_HOOK (FAST_AREA_OFFSET + 8)
#define FAST_RSP (FAST_AREA_OFFSET + 16)
#define FAST_RFLAGS (FAST_AREA_OFFSET + 24)
#define FAST_RET (FAST_AREA_OFFSET + 32)
#define FAST_NR (FAST_AREA_OFFSET + 40)
#define FAST_RESULT (FAST_AREA_OFFSET + 48)
#define FAST_REGS (FAST_AREA_OFFSET + 56) /* rdi rsi rdx r10 r8 r9 rbx rbp r12-r15 */
#define FAST_SLOW (FAST_AREA_OFFSET + 152)
#define FAST_XSAVE (FAST_AREA_OFFSET + 160)
#define FAST_STACK_TOP (FAST_AREA_OFFSET + 168)
#define FAST_REDELIVER (FAST_AREA_OFFSET + 176)
#define FAST_PROG_GS (FAST_AREA_OFFSET + 200)
#define FAST_FP_SAVED (FAST_AREA_OFFSET + 208)

#endif
