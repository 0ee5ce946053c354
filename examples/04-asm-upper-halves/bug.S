/*
 * void copy_rows(uint8_t *dst, const uint8_t *src, ptrdiff_t src_stride,
 *                size_t width, size_t rows);
 *
 * Gathers `rows` rows of `width` bytes into dst, walking src by src_stride,
 * which is negative for bottom-up bitmaps. Written for x86-64, where every
 * one of these arguments fills its 64-bit register, so each is used as is.
 *
 * On x32 they are 32-bit values: only the low half of each register is the
 * argument. A negative stride arrives as 0x00000000fffffff8, a step of almost
 * +4 GiB instead of -8.
 */
	.text
	.globl	copy_rows
	.type	copy_rows, @function
copy_rows:
	mov	%rdx, %r9		/* stride, trusted to be 64-bit */
	mov	%rcx, %r10		/* width */
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
