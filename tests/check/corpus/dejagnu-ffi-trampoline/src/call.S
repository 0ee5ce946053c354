/*
 * uint64_t tinyffi_call_registers(void (*fn)(void), const uint64_t *slots);
 *
 * The trampoline: loads the six integer argument registers from slots[0..5], whole,
 * as prep.c filled them, and calls fn. Its own arguments come from C, whose x32
 * callers zero-extend pointers, so it may use them as 64-bit addresses.
 */
	.text
	.globl	tinyffi_call_registers
	.type	tinyffi_call_registers, @function
tinyffi_call_registers:
	push	%rbx			/* the stack 16-byte aligned at the call */
	mov	%rdi, %r11		/* fn */
	mov	%rsi, %r10		/* slots */
	mov	0(%r10), %rdi
	mov	8(%r10), %rsi
	mov	16(%r10), %rdx
	mov	24(%r10), %rcx
	mov	32(%r10), %r8
	mov	40(%r10), %r9
	call	*%r11
	pop	%rbx
	ret
	.size	tinyffi_call_registers, .-tinyffi_call_registers

	.section .note.GNU-stack,"",@progbits
