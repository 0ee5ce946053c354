/* The x32 vDSO the guest sees: ELF32, one PT_LOAD at 0, exporting the names
 * and LINUX_2.6 version of the kernel's vdsox32.  Each entry zero-extends its
 * 32-bit pointer arguments and tail-jumps into the host's 64-bit vDSO; x32
 * and x86-64 share these structures (64-bit time_t and tv_nsec) and the
 * calling convention, so nothing else needs translating.  The slots are filled
 * by the runner (vdso.c) before the image is made read-only; a zero slot
 * falls back to the (trapped, emulated) x32 system call. */
#define X32(n) (0x40000000 + (n))

    .text
    .balign 16

#define ENTRY(name)           \
    .globl name;              \
    .type name, @function;    \
name:

ENTRY(__vdso_clock_gettime)
    movl %esi, %esi
    movq x32run_vdso_slots+0(%rip), %rax
    testq %rax, %rax
    jz 1f
    jmp *%rax
1:  movl $X32(228), %eax
    syscall
    ret
    .size __vdso_clock_gettime, .-__vdso_clock_gettime

ENTRY(__vdso_gettimeofday)
    movl %edi, %edi
    movl %esi, %esi
    movq x32run_vdso_slots+8(%rip), %rax
    testq %rax, %rax
    jz 1f
    jmp *%rax
1:  movl $X32(96), %eax
    syscall
    ret
    .size __vdso_gettimeofday, .-__vdso_gettimeofday

ENTRY(__vdso_time)
    movl %edi, %edi
    movq x32run_vdso_slots+16(%rip), %rax
    testq %rax, %rax
    jz 1f
    jmp *%rax
1:  movl $X32(201), %eax
    syscall
    ret
    .size __vdso_time, .-__vdso_time

ENTRY(__vdso_getcpu)
    movl %edi, %edi
    movl %esi, %esi
    movl %edx, %edx
    movq x32run_vdso_slots+24(%rip), %rax
    testq %rax, %rax
    jz 1f
    jmp *%rax
1:  movl $X32(309), %eax
    syscall
    ret
    .size __vdso_getcpu, .-__vdso_getcpu

ENTRY(__vdso_clock_getres)
    movl %esi, %esi
    movq x32run_vdso_slots+32(%rip), %rax
    testq %rax, %rax
    jz 1f
    jmp *%rax
1:  movl $X32(229), %eax
    syscall
    ret
    .size __vdso_clock_getres, .-__vdso_clock_getres

    /* Not the guest's: the rewrite fast path's slow exit runs this `syscall`
     * (fastpath_hook.c): it must lie below 4 GiB, where SUD traps, in a
     * mapping the program sees anyway and never maps over. */
    .globl x32run_redeliver
    .hidden x32run_redeliver
x32run_redeliver:
    syscall
    ud2
    /* 4 bytes on (FS_MISS_OFFSET): where a call the %fs-anchored entry found
     * no thread block for traps (fastpath_fs.c). */
    syscall
    ud2

    /* Filled by the runner: clock_gettime, gettimeofday, time, getcpu,
     * clock_getres.  Kept in the text segment because the image has exactly
     * one PT_LOAD (glibc's setup_vdso takes l_addr from it). */
    .balign 8
    .globl x32run_vdso_slots
    .hidden x32run_vdso_slots
x32run_vdso_slots:
    .quad 0, 0, 0, 0, 0
