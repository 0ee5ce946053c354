/* bench.h: what every benchmark program shares: a monotonic clock and the
 * iteration count from argv.  Each program prints exactly one number on stdout,
 * so the driver script can collect it without parsing. */
#ifndef BENCH_H
#define BENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static inline long iterations(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 0;

    if (n <= 0) {
        fprintf(stderr, "%s: usage: %s ITERATIONS\n", argv[0], argv[0]);
        exit(2);
    }
    return n;
}

#endif
