/*
 * The sum, by the hand-written kernel on x86-64 (wordsum_x86_64.S), else in C.
 *
 * The kernel is written for 8-byte unsigned longs, so it is chosen by the data model,
 * not by the instruction set: x32 defines __x86_64__ with 4-byte longs (and
 * __ILP32__), and takes the C loop.
 */
#include "wordsum.h"

#if defined(__x86_64__) && defined(__LP64__)
uint64_t wordsum_x86_64(const unsigned long *words, size_t count);

uint64_t wordsum(const unsigned long *words, size_t count)
{
    return wordsum_x86_64(words, count);
}
#else
uint64_t wordsum(const unsigned long *words, size_t count)
{
    uint64_t sum = 0;

    for (size_t i = 0; i < count; i++)
        sum += words[i];
    return sum;
}
#endif
