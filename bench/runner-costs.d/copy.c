/* copy.c: a system-call-heavy program: copy /dev/zero to /dev/null in
 * 64-byte read()/write() pairs.  Prints ns per pair (two system calls). */
#include <fcntl.h>
#include <unistd.h>
#include "bench.h"

int main(int argc, char **argv)
{
    long n = iterations(argc, argv);
    int in = open("/dev/zero", O_RDONLY);
    int out = open("/dev/null", O_WRONLY);
    char buf[64];
    double t0;
    long i;

    if (in < 0 || out < 0) {
        perror("copy: open");
        return 1;
    }
    t0 = now_ns();
    for (i = 0; i < n; i++) {
        if (read(in, buf, sizeof buf) != (ssize_t)sizeof buf ||
            write(out, buf, sizeof buf) != (ssize_t)sizeof buf) {
            perror("copy: read/write");
            return 1;
        }
    }
    printf("%.1f\n", (now_ns() - t0) / (double)n);
    return 0;
}
