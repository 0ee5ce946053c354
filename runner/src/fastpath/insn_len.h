/* The length of one instruction between a site's `mov $nr,%eax` and its
 * `syscall` (insn_len.c). */
#ifndef X32RUN_INSN_LEN_H
#define X32RUN_INSN_LEN_H

/* Bytes the instruction at p takes (at most max), or 0 when it is not one of
 * the plain register, stack and immediate forms a stub may run again
 * elsewhere (any branch, any %rip-relative operand, any 0x0f opcode).
 * *writes_ax: 1 when it writes %rax/%eax/%al. */
int insn_len(const unsigned char *p, int max, int *writes_ax);

#endif
