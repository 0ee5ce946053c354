/* cpu.c: a CPU-bound loop with no system calls: a 64-bit xorshift generator
 * feeding a small histogram (integer arithmetic, a multiply, a data-dependent
 * store).  Prints the total time in ms for N million steps. */
#include <stdint.h>
#include "bench.h"

static uint32_t histogram[4096];

int main(int argc, char **argv)
{
    long long n = iterations(argc, argv) * 1000000LL;
    uint64_t x = 88172645463325252ULL;
    uint64_t sum = 0;
    double t0 = now_ns();
    long long i;

    for (i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        histogram[(x * 0x9E3779B97F4A7C15ULL) >> 52]++;
        sum += x % 1000003;
    }
    printf("%.3f\n", (now_ns() - t0) / 1e6);
    /* Keeps the loop observable without printing on stdout. */
    if (sum == 42 && histogram[0] == 42)
        fputs("unlikely\n", stderr);
    return 0;
}
