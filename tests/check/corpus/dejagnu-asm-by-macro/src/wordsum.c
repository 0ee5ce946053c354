/*
 * The sum, by the hand-written kernel on x86-64 (wordsum_x86_64.S), else in C.
 *
 * The kernel was written for x86-64's 8-byte unsigned long. x32 defines __x86_64__
 * too, with 4-byte longs: there the kernel adds pairs of words as one and reads past
 * the end of the array.
 */
#include "wordsum.h"

#if defined(__x86_64__)
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
