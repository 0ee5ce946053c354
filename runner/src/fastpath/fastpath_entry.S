/* The rewrite fast path: where a patched site's stub lands (fastpath.h).
 *
 * On entry the guest's registers are live, except what the `syscall` it
 * replaces clobbers anyway: %rax = the call number, %rcx = the return
 * address (site + 2).  %gs's base is the thread block.  Nothing is written to
 * the guest's stack: the hook runs on the runner's altstack, like the SIGSYS
 * handler, so a leaf function's red zone is never touched.
 *
 * Where the CPU lets programs read and write the %gs base themselves
 * (FSGSBASE), the base must stay the program's, and stubs land on
 * fast_hook_entry_fs instead (fastpath_fs.c): the block is found in a table
 * indexed by the %fs base, the program's %gs base is kept in the block while
 * the hook runs on the block's, and both exits put it back last.
 *
 * Signals: fastpath_host_signal (fastpath_hook.c) treats a signal at
 * fast_hook_entry (or before fast_hook_entry_fs has set in_hook) as one that
 * came just before the `syscall`; while in_hook is set it defers delivery (the
 * slow flag); a signal anywhere in [fast_hook_check, fast_hook_end) rewinds to
 * fast_hook_check (with the block's %gs base again), whose code only reloads
 * registers from the fast area, so running it again is harmless. */
#include "core/core.h"

/* Both exits (fast and slow) give the guest back the six argument registers,
 * which the C code they called clobbers; each exit then reloads what else it
 * needs.  The vector, x87 and AVX registers are still the guest's: the C code
 * is compiled to use none of them (runner/Makefile's TRAP_PATH_CFLAGS, checked
 * by trap-path-check.sh), so nothing saved them at the entry.  Only when gdb
 * stopped the thread in the call (FAST_FP_SAVED, fastpath_stop_context) does
 * the exit load them, from the area gdb read and may have written: XRSTOR of
 * every component (%edx:%eax all ones) from the area in %rcx.  %rdx is
 * reloaded here, %rax and %rcx are set by each exit; the flags, which the test
 * changes, are put back later by each exit. */
.macro restore_guest_fp_and_args
    cmpq $0, %gs:FAST_FP_SAVED
    je 3f
    movl $-1, %eax
    movl $-1, %edx
    movq %gs:FAST_XSAVE, %rcx
    xrstor64 (%rcx)
3:  movq %gs:FAST_REGS + 0, %rdi
    movq %gs:FAST_REGS + 8, %rsi
    movq %gs:FAST_REGS + 16, %rdx
    movq %gs:FAST_REGS + 24, %r10
    movq %gs:FAST_REGS + 32, %r8
    movq %gs:FAST_REGS + 40, %r9
.endm

/* The %fs entry's two exits, up to the jump: the program's flags, %rcx = the
 * address to go on at (the block's field TARGET), the program's stack, and the
 * program's %gs base back last; after that the block is reached through %rax,
 * since no other register is free. */
.macro leave_block_fs target
    pushq %gs:FAST_RFLAGS
    popfq
    movq %gs:FAST_SELF, %rax
    movq %gs:FAST_PROG_GS, %r11
    movq \target(%rax), %rcx
    movq FAST_RSP(%rax), %rsp
    movq $0, FAST_IN_HOOK(%rax)
    wrgsbase %r11
.endm

    .text
/* The %fs-anchored entry.  Its stub leaves %rcx = nr << 32 | return address
 * (%rax = nr too, for the instruction a stub may run before it): the lookup
 * needs two registers and no flags, and %r11 is the only other one free. */
    .globl fast_hook_entry_fs
    .type fast_hook_entry_fs, @function
fast_hook_entry_fs:
    rdfsbase %r11
    movl %r11d, %r11d              /* the table covers 32-bit %fs bases */
    movq fast_fs_table(%rip), %rax
    movq (%rax,%r11), %rax         /* this %fs's block, or 0 */
    .globl fast_fs_swapped
fast_fs_swapped:                   /* from here %rax holds nr << 32 | return */
    xchgq %rax, %rcx
    jrcxz .Lfs_miss                /* (a local label: jrcxz reaches 127 bytes) */
    .globl fast_fs_in_hook
fast_fs_in_hook:                   /* the first write into the block */
    movq $1, FAST_IN_HOOK(%rcx)
    movq %rsp, FAST_RSP(%rcx)
    movq FAST_STACK_TOP(%rcx), %rsp
    pushfq
    popq FAST_RFLAGS(%rcx)
    rdgsbase %r11
    movq %r11, FAST_PROG_GS(%rcx)
    wrgsbase %rcx
    movl %eax, %ecx                /* the return address */
    shrq $32, %rax                 /* nr */
    jmp fast_hook_common
/* No block under this %fs (a thread the runner gave none, or a base the
 * program set itself): the call traps at the redelivery `syscall`, whose
 * handler (fastpath_redeliver) unpacks %rax and treats it as the site's. */
    .globl fast_fs_miss
fast_fs_miss:
.Lfs_miss:
    jmp *fast_fs_miss_at(%rip)
    .size fast_hook_entry_fs, .-fast_hook_entry_fs

    .globl fast_hook_entry
    .type fast_hook_entry, @function
fast_hook_entry:
    movq $1, %gs:FAST_IN_HOOK
    movq %rsp, %gs:FAST_RSP
    movq %gs:FAST_STACK_TOP, %rsp
    pushfq
    popq %gs:FAST_RFLAGS
fast_hook_common:
    cld
    movq %rcx, %gs:FAST_RET
    movq %rax, %gs:FAST_NR
    movq %rdi, %gs:FAST_REGS + 0
    movq %rsi, %gs:FAST_REGS + 8
    movq %rdx, %gs:FAST_REGS + 16
    movq %r10, %gs:FAST_REGS + 24
    movq %r8, %gs:FAST_REGS + 32
    movq %r9, %gs:FAST_REGS + 40
    movq %rbx, %gs:FAST_REGS + 48
    movq %rbp, %gs:FAST_REGS + 56
    movq %r12, %gs:FAST_REGS + 64
    movq %r13, %gs:FAST_REGS + 72
    movq %r14, %gs:FAST_REGS + 80
    movq %r15, %gs:FAST_REGS + 88
    /* The guest's vector, x87 and AVX state stays in the registers (above). */
    movq $0, %gs:FAST_FP_SAVED
    movq %gs:FAST_SELF, %rdi
    xorl %ebp, %ebp
    call fastpath_hook_c

    .globl fast_hook_check
fast_hook_check:
    movq %gs:FAST_STACK_TOP, %rsp
    cmpq $0, %gs:FAST_SLOW
    jne fast_hook_slow
    restore_guest_fp_and_args
    movq %gs:FAST_REGS + 56, %rbp
    cmpb $0, fastpath_fs_mode(%rip)
    jne fast_exit_fs
    pushq %gs:FAST_RFLAGS
    popfq
    movq %gs:FAST_RFLAGS, %r11
    movq %gs:FAST_RESULT, %rax
    movq %gs:FAST_RET, %rcx
    movq %gs:FAST_RSP, %rsp
    movq $0, %gs:FAST_IN_HOOK
    jmp *%rcx

fast_exit_fs:
    leave_block_fs FAST_RET
    movq FAST_RFLAGS(%rax), %r11
    movq FAST_RESULT(%rax), %rax
    jmp *%rcx

/* A signal came while the hook ran (or a fault was recovered): leave through
 * a real SUD trap at the region's `syscall`, whose SIGSYS frame the existing
 * delivery code builds handler frames on (fastpath_redeliver). */
fast_hook_slow:
    movq %gs:FAST_SELF, %rdi
    call fastpath_hook_slow
    restore_guest_fp_and_args
    movq %gs:FAST_REGS + 48, %rbx
    movq %gs:FAST_REGS + 56, %rbp
    movq %gs:FAST_REGS + 64, %r12
    movq %gs:FAST_REGS + 72, %r13
    movq %gs:FAST_REGS + 80, %r14
    movq %gs:FAST_REGS + 88, %r15
    cmpb $0, fastpath_fs_mode(%rip)
    jne fast_slow_exit_fs
    pushq %gs:FAST_RFLAGS
    popfq
    movl $0x7fffffff, %eax /* not a call number: fastpath_redeliver knows it */
    movq %gs:FAST_REDELIVER, %rcx
    movq %gs:FAST_RSP, %rsp
    movq $0, %gs:FAST_IN_HOOK
    jmp *%rcx
fast_slow_exit_fs:
    leave_block_fs FAST_REDELIVER
    movl $0x7fffffff, %eax
    jmp *%rcx
    .globl fast_hook_end
fast_hook_end:
    .size fast_hook_entry, .-fast_hook_entry

    .section .note.GNU-stack,"",@progbits
