/* Assembly pieces of the trap path.  All of this lives in the runner image
 * above 4 GiB, so Syscall User Dispatch lets its `syscall`s through. */
#include "core/layout.h"
#define SYS_rt_sigreturn 15
#define SYS_clone 56

    .text

/* Restorer of the SIGSYS handler.  Clears thread_state.in_sigsys (the first
 * member, found by rounding the altstack pointer down) right before the
 * sigreturn, so a signal landing here is no longer delivered into the
 * finished trap frame. */
    .globl sigsys_restorer
    .type sigsys_restorer, @function
sigsys_restorer:
    movq %rsp, %rax
    andq $-ALTSTACK_SIZE, %rax
    movl $0, (%rax)
    movl $SYS_rt_sigreturn, %eax
    syscall
    .globl sigsys_restorer_end
sigsys_restorer_end:
    ud2
    .size sigsys_restorer, .-sigsys_restorer

    .globl host_restorer
    .type host_restorer, @function
host_restorer:
    movl $SYS_rt_sigreturn, %eax
    syscall
    ud2
    .size host_restorer, .-host_restorer

/* long safe_syscall(volatile int *pending, long nr, a1, a2, a3, a4, a5, a6)
 *
 * A blocking system call without the lost-wakeup race: the pending flag is
 * tested immediately before `syscall`, and a host signal handler that finds
 * the PC strictly between safe_syscall_start and safe_syscall_end (checked
 * but not yet completed, or rewound by the kernel for a restart) moves it
 * back to safe_syscall_start, so the test fails and ERESTARTSYS_MARK is
 * returned.  The idea is QEMU linux-user's safe_syscall. */
    .globl safe_syscall
    .type safe_syscall, @function
safe_syscall:
    pushq %rbp
    movq %rdi, %rbp
    movq %rsi, %rax
    movq %rdx, %rdi
    movq %rcx, %rsi
    movq %r8, %rdx
    movq %r9, %r10
    movq 16(%rsp), %r8
    movq 24(%rsp), %r9
    .globl safe_syscall_start
safe_syscall_start:
    cmpl $0, (%rbp)
    jnz 1f
    syscall
    .globl safe_syscall_end
safe_syscall_end:
    popq %rbp
    ret
1:  movq $-512, %rax
    popq %rbp
    ret
    .size safe_syscall, .-safe_syscall

/* void enter_guest(uint64_t entry, uint64_t sp): the x32 process entry state:
 * registers clear, %rdx = 0 (no rtld_fini), %rsp at argc. */
    .globl enter_guest
    .type enter_guest, @function
enter_guest:
    movq %rsi, %rsp
    xorl %eax, %eax
    xorl %ebx, %ebx
    xorl %ecx, %ecx
    xorl %edx, %edx
    xorl %esi, %esi
    xorl %ebp, %ebp
    xorl %r8d, %r8d
    xorl %r9d, %r9d
    xorl %r10d, %r10d
    xorl %r11d, %r11d
    xorl %r12d, %r12d
    xorl %r13d, %r13d
    xorl %r14d, %r14d
    xorl %r15d, %r15d
    jmp *%rdi
    .size enter_guest, .-enter_guest

/* long clone_with_child_entry(flags, child_sp, ptid, ctid, tls, arg)
 * The child starts on child_sp (inside its own runner altstack) and calls
 * thread_child_main(arg); the parent returns the kernel's result. */
    .globl clone_with_child_entry
    .type clone_with_child_entry, @function
clone_with_child_entry:
    movq %rcx, %r10
    subq $16, %rsi
    movq %r9, (%rsi)
    movl $SYS_clone, %eax
    syscall
    testq %rax, %rax
    jz 1f
    ret
1:  popq %rdi
    xorl %ebp, %ebp
    andq $-16, %rsp
    call thread_child_main
    ud2
    .size clone_with_child_entry, .-clone_with_child_entry

/* void resume_with_sigreturn(ucontext_t *uc): rt_sigreturn expects the
 * ucontext right at %rsp (the frame's pretcode has been "popped"). */
    .globl resume_with_sigreturn
    .type resume_with_sigreturn, @function
resume_with_sigreturn:
    movq %rdi, %rsp
    movl $SYS_rt_sigreturn, %eax
    syscall
    ud2
    .size resume_with_sigreturn, .-resume_with_sigreturn

    .section .note.GNU-stack,"",@progbits
