/*
 * Size classes of a power-of-two slab allocator. The hot path wants the
 * index of the highest set bit of a `unsigned long`, and this code predates
 * the builtins: one BSR, with the operand width chosen by CPU name.
 *
 * On x32 __x86_64__ is defined but `unsigned long` lives in 32-bit
 * registers, so the compiler hands `bsrq` a %eXX register.
 */
#include <stdio.h>

/* Index of the most significant set bit; word must not be 0. */
static inline unsigned long fls_index(unsigned long word)
{
#if defined(__x86_64__)
    __asm__("bsrq %1, %0" : "=r"(word) : "r"(word));
#else
    __asm__("bsrl %1, %0" : "=r"(word) : "r"(word));
#endif
    return word;
}

/* Smallest order such that (1 << order) >= size; slabs start at 16 bytes. */
static unsigned size_class(unsigned long size)
{
    if (size <= 16)
        return 4;
    return (unsigned)fls_index(size - 1) + 1;
}

int main(void)
{
    static const unsigned long sizes[] = { 1, 16, 17, 100, 4096, 4097, 1000000 };

    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        printf("alloc %lu -> slab order %u\n", sizes[i], size_class(sizes[i]));
    return 0;
}
