/*
 * The same size classes without inline asm: __builtin_clzl is sized by the
 * type it is given, so it is BSR/LZCNT on 64-bit registers for LP64 and on
 * 32-bit registers for x32 and i386. If the asm must stay, drop the suffix
 * ("bsr %1, %0"): the assembler then takes the width from the operands,
 * which the compiler sizes from the C types.
 */
#include <limits.h>
#include <stdio.h>

/* Index of the most significant set bit; word must not be 0. */
static inline unsigned fls_index(unsigned long word)
{
    return (unsigned)(sizeof(word) * CHAR_BIT - 1) - (unsigned)__builtin_clzl(word);
}

/* Smallest order such that (1 << order) >= size; slabs start at 16 bytes. */
static unsigned size_class(unsigned long size)
{
    if (size <= 16)
        return 4;
    return fls_index(size - 1) + 1;
}

int main(void)
{
    static const unsigned long sizes[] = { 1, 16, 17, 100, 4096, 4097, 1000000 };

    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        printf("alloc %lu -> slab order %u\n", sizes[i], size_class(sizes[i]));
    return 0;
}
