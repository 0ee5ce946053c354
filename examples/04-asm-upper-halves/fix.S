/*
 * void copy_rows(uint8_t *dst, const uint8_t *src, ptrdiff_t src_stride,
 *                size_t width, size_t rows);
 *
 * Same routine, correct on x32 too: on an ILP32 ABI (x32 defines __ILP32__)
 * pointers, size_t and ptrdiff_t are 32-bit, and the upper halves of their
 * registers carry nothing the callee may rely on. Widen each argument
 * explicitly before 64-bit address arithmetic: zero-extend pointers and
 * sizes (a 32-bit mov clears the upper half), sign-extend the stride.
 * (x264 and FFmpeg's x86inc.asm have macros for this, e.g. movsxdifnidn.)
 */
	.text
	.globl	copy_rows
	.type	copy_rows, @function
copy_rows:
#ifdef __ILP32__
	mov	%edi, %edi		/* dst */
	mov	%esi, %esi		/* src */
	movslq	%edx, %r9		/* stride: signed */
	mov	%ecx, %r10d		/* width */
	mov	%r8d, %r8d		/* rows */
#else
	mov	%rdx, %r9
	mov	%rcx, %r10
#endif
	test	%r8, %r8
	jz	2f
1:	mov	%rsi, %r11		/* start of this source row */
	mov	%r10, %rcx
	rep movsb			/* (%rsi) -> (%rdi), %rcx bytes */
	lea	(%r11,%r9), %rsi	/* next source row: start + stride */
	dec	%r8
	jnz	1b
2:	ret
	.size	copy_rows, .-copy_rows

	.section .note.GNU-stack,"",@progbits
