/* fault-cost.c (native only): what one page fault costs here, in microseconds: the
 * first write to each page of a fresh anonymous mapping of N pages (the median of 5
 * mappings). A program's start touches tens of pages for the first time, so on a
 * host where a fault is dear (a virtual machine with shadow page tables) each page a
 * runner adds to a start is worth several system calls. */
#include <sys/mman.h>
#include "bench.h"

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    long pages = iterations(argc, argv);
    double us[5];
    int r;

    for (r = 0; r < 5; r++) {
        volatile char *p = mmap(NULL, (size_t)pages * 4096, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        double t0;
        long i;

        if (p == MAP_FAILED) {
            perror("fault-cost: mmap");
            return 1;
        }
        t0 = now_ns();
        for (i = 0; i < pages; i++)
            p[i * 4096] = 1;
        us[r] = (now_ns() - t0) / 1e3 / (double)pages;
        munmap((void *)p, (size_t)pages * 4096);
    }
    qsort(us, 5, sizeof us[0], by_value);
    printf("%.2f\n", us[2]);
    return 0;
}
