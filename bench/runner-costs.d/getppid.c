/* getppid.c: one system call round trip.  syscall() rather than getppid()
 * so that no libc ever answers from a cache.  Prints ns per call. */
#include <sys/syscall.h>
#include <unistd.h>
#include "bench.h"

int main(int argc, char **argv)
{
    long n = iterations(argc, argv);
    long sink = 0;
    double t0 = now_ns();
    long i;

    for (i = 0; i < n; i++)
        sink += syscall(SYS_getppid);
    printf("%.1f\n", (now_ns() - t0) / (double)n);
    return sink == -1;
}
