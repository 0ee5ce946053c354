/* wordsum: the 64-bit sum of an array of unsigned longs, and its digest in hex. */
#ifndef WORDSUM_H
#define WORDSUM_H

#include <stddef.h>
#include <stdint.h>

uint64_t wordsum(const unsigned long *words, size_t count);

/* The sum as 16 hex digits and a NUL. */
void wordsum_hex(uint64_t sum, char out[17]);

#endif
