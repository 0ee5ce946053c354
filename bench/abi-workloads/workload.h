/* Shared by every workload: a deterministic random source and malloc tuning.
 * Everything printed is computed in fixed-width types so that x86-64, x32 and
 * i386 builds must print the same line; only pointer and long sizes differ. */
#ifndef WORKLOAD_H
#define WORKLOAD_H
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* xorshift32: no libc rand(), whose sequence is not ours to fix. */
static inline uint32_t next_random(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

/* Grow the heap in large steps and never give it back: each brk/mmap is a
 * trapped system call under x32-run, and we measure the CPU, not the trap. */
static inline void quiet_malloc(void)
{
    mallopt(M_TOP_PAD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, -1);
    mallopt(M_MMAP_THRESHOLD, 16 << 20);
}

static inline void *must_malloc(size_t n)
{
    void *p = malloc(n);
    if (!p) {
        fputs("out of memory\n", stderr);
        exit(1);
    }
    return p;
}

/* Size argument: argv[1] when given, so a quick run can use a smaller one. */
static inline int size_arg(int argc, char **argv, int fallback)
{
    return argc > 1 ? atoi(argv[1]) : fallback;
}
#endif
