/* clock.c: clock_gettime(CLOCK_MONOTONIC) through the vDSO (for x32 under the
 * runner, through its vDSO shim).  Prints ns per call. */
#include <stdint.h>
#include "bench.h"

int main(int argc, char **argv)
{
    long n = iterations(argc, argv);
    struct timespec ts;
    uint64_t sink = 0;
    double t0 = now_ns();
    long i;

    for (i = 0; i < n; i++) {
        clock_gettime(CLOCK_MONOTONIC, &ts);
        sink += (uint64_t)ts.tv_nsec;
    }
    printf("%.1f\n", (now_ns() - t0) / (double)n);
    return sink == 1;
}
