#include "planted.h"

/* The word size from the data model, not from the architecture's name. */
#if defined(__x86_64__) && defined(__LP64__)
#define WORD_BITS 64
#else
#define WORD_BITS 32
#endif

int word_bits(void)
{
    return WORD_BITS;
}

uint64_t high_bit_mask(void)
{
    return UINT64_C(1) << 40;
}

int lowest_set_bit(uint64_t v)
{
    return __builtin_ctzll(v);
}

/* Sizes above SIZE_MAX saturate instead of wrapping. */
size_t buffer_size(uint64_t total)
{
    return total > SIZE_MAX ? SIZE_MAX : (size_t)total;
}

int before_end(int64_t pos, unsigned int end)
{
    return pos < (int64_t)end;
}

unsigned int narrow_length(size_t n)
{
    return n > UINT32_MAX ? UINT32_MAX : (unsigned int)n;
}
