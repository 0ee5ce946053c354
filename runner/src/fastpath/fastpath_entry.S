/* The rewrite fast path: where a patched site's stub lands (fastpath.h).
 *
 * On entry the guest's registers are live, except what the `syscall` it
 * replaces clobbers anyway: %rax = the call number, %rcx = the return
 * address (site + 2).  %gs's base is the thread block.  Nothing is written to
 * the guest's stack: the hook runs on the runner's altstack, like the SIGSYS
 * handler, so a leaf function's red zone is never touched.
 *
 * Signals: fastpath_host_signal (fastpath_hook.c) treats a signal at
 * fast_hook_entry as one that came just before the `syscall`; while in_hook
 * is set it defers delivery (the slow flag); a signal anywhere in
 * [fast_hook_check, fast_hook_end) rewinds to fast_hook_check, whose code
 * only reloads registers from the fast area, so running it again is harmless. */
#include "core/layout.h"

/* Both exits (fast and slow) give the guest back its vector, x87 and AVX
 * state and the six argument registers, which the C code they called
 * clobbers; each exit then reloads what else it needs.  XRSTOR restores every
 * component (%edx:%eax all ones) from the area in %rcx; %rdx is reloaded
 * here, %rax and %rcx are set by each exit. */
.macro restore_guest_fp_and_args
    movl $-1, %eax
    movl $-1, %edx
    movq %gs:FAST_XSAVE, %rcx
    xrstor64 (%rcx)
    movq %gs:FAST_REGS + 0, %rdi
    movq %gs:FAST_REGS + 8, %rsi
    movq %gs:FAST_REGS + 16, %rdx
    movq %gs:FAST_REGS + 24, %r10
    movq %gs:FAST_REGS + 32, %r8
    movq %gs:FAST_REGS + 40, %r9
.endm

    .text
    .globl fast_hook_entry
    .type fast_hook_entry, @function
fast_hook_entry:
    movq $1, %gs:FAST_IN_HOOK
    movq %rsp, %gs:FAST_RSP
    movq %gs:FAST_STACK_TOP, %rsp
    pushfq
    popq %gs:FAST_RFLAGS
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
    /* The guest's vector, x87 and AVX state: the emulator is ordinary C. */
    movl $-1, %eax
    movl $-1, %edx
    movq %gs:FAST_XSAVE, %rcx
    cmpb $0, fast_use_xsavec(%rip)
    je 1f
    xsavec64 (%rcx)
    jmp 2f
1:  xsave64 (%rcx)
2:  movq %gs:FAST_SELF, %rdi
    xorl %ebp, %ebp
    call fastpath_hook_c

    .globl fast_hook_check
fast_hook_check:
    movq %gs:FAST_STACK_TOP, %rsp
    cmpq $0, %gs:FAST_SLOW
    jne fast_hook_slow
    restore_guest_fp_and_args
    movq %gs:FAST_REGS + 56, %rbp
    pushq %gs:FAST_RFLAGS
    popfq
    movq %gs:FAST_RFLAGS, %r11
    movq %gs:FAST_RESULT, %rax
    movq %gs:FAST_RET, %rcx
    movq %gs:FAST_RSP, %rsp
    movq $0, %gs:FAST_IN_HOOK
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
    pushq %gs:FAST_RFLAGS
    popfq
    movl $0x7fffffff, %eax /* not a call number: fastpath_redeliver knows it */
    movq %gs:FAST_REDELIVER, %rcx
    movq %gs:FAST_RSP, %rsp
    movq $0, %gs:FAST_IN_HOOK
    jmp *%rcx
    .globl fast_hook_end
fast_hook_end:
    .size fast_hook_entry, .-fast_hook_entry

    .section .note.GNU-stack,"",@progbits
