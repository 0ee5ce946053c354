#include "planted.h"

/* The word size, decided by architecture name: 64 on x32 too, where long has 32 bits. */
#if defined(__x86_64__) /* expect-hint: class 2 */
#define WORD_BITS 64
#else
#define WORD_BITS 32
#endif

int word_bits(void)
{
    return WORD_BITS;
}

/* Bit tricks that assume unsigned long has 64 bits. */
unsigned long high_bit_mask(void)
{
    return 1UL << 40; /* expect-x32: class 14 */
}

int lowest_set_bit(uint64_t v)
{
    return __builtin_ctzl(v); /* expect-x32: class 14 */
}

/* A 64-bit size truncated into size_t. */
size_t buffer_size(uint64_t total)
{
    size_t n = total; /* expect-x32: class 13 */
    return n;
}

/* long against unsigned int: promoted to long on LP64, to unsigned on x32. */
int before_end(long pos, unsigned int end)
{
    return pos < end; /* expect-x32: class 12 */
}

/* The inverse: a truncation only LP64 shows (size_t is 32-bit on x32). */
unsigned int narrow_length(size_t n)
{
    return n; /* expect-lp64-only */
}
