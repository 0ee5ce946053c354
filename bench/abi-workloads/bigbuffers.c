/* Multi-megabyte buffers malloc'ed and freed in a loop, as compressors, decoders and
 * frame-based tests do, with glibc's default malloc settings (no quiet_malloc(): the
 * point is what an unmodified program gets).  On x86-64 glibc raises its mmap threshold
 * to the freed size after the first free, so later buffers come from the heap.  On x32
 * (a 32-bit __WORDSIZE) the threshold stops at 512 KiB, so every 1 MiB buffer is a fresh
 * mmap, 256 page faults and a munmap.  The remedy is in bench/RESULTS-abi.md. */
#include "workload.h"
#include <string.h>

int main(int argc, char **argv)
{
    int rounds = size_arg(argc, argv, 300);
    size_t size = (size_t)1 << 20;
    uint32_t seed = 7, sum = 0;
    for (int round = 0; round < rounds; round++) {
        unsigned char *buf = must_malloc(size);
        memset(buf, (int)(round & 0xff), size);
        for (size_t i = 0; i < size; i += 4096)
            buf[i] = (unsigned char)next_random(&seed);
        for (size_t i = 0; i < size; i += 512)
            sum = sum * 31u + buf[i];
        free(buf);
    }
    printf("bigbuffers rounds=%d bytes=%zu sum=%08x\n", rounds, size, (unsigned)sum);
    return 0;
}
