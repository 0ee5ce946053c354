/* long fastsum_pair(const long *p): p[0] + p[1], for x86-64 (8-byte long). */
	.text
	.globl	fastsum_pair
	.type	fastsum_pair, @function
fastsum_pair:
	movq	(%rdi), %rax
	addq	8(%rdi), %rax
	ret
	.size	fastsum_pair, .-fastsum_pair
	.section	.note.GNU-stack,"",@progbits
