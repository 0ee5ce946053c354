/* Embeds the ELF32 shim built by the Makefile (found through -Wa,-I<build>). */
    .section .rodata
    .balign 64
    .globl vdso_shim_image
vdso_shim_image:
    .incbin "vdso_shim.so"
    .globl vdso_shim_image_end
vdso_shim_image_end:
    .section .note.GNU-stack,"",@progbits
