/* mem_mmap_exhaust: mapping address space until mmap fails ends in a clean
 * ENOMEM (no crash, no mapping at or above 4 GiB on x32), and everything
 * works again after unmapping.  malloc fails cleanly with NULL too. */
#include "check.h"
#include <sys/mman.h>

#define CHUNK ((size_t)64 << 20)
#define MAXMAPS 4096                    /* 256 GiB: stops the native run early */

static void *maps[MAXMAPS];

int main(void)
{
    int n = 0, stray = 0;
    for (; n < MAXMAPS; n++) {
        void *p = mmap(NULL, CHUNK, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == MAP_FAILED)
            break;
        if ((unsigned long long)(uintptr_t)p + CHUNK > (IS_X32 ? 1ULL << 32 : ~0ULL))
            stray++;
        maps[n] = p;
    }
    int err = errno;
    CHECK_EQ(stray, 0);
#if IS_X32
    CHECK(n < MAXMAPS);
    CHECK_EQ(err, ENOMEM);
    /* Most of the 4 GiB was available: at least 2.5 GiB in 64 MiB pieces. */
    if (!CHECK(n >= 40))
        fprintf(stderr, "  only %d x 64 MiB mapped\n", n);
#else
    (void)err;
#endif
    /* A smaller request may still fit; a huge one must fail cleanly. */
    void *huge = mmap(NULL, (size_t)3 << 30, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                      -1, 0);
#if IS_X32
    CHECK(huge == MAP_FAILED && errno == ENOMEM);
#endif
    if (huge != MAP_FAILED)
        munmap(huge, (size_t)3 << 30);
    for (int i = 0; i < n; i++)
        CHECK_SYS(munmap(maps[i], CHUNK));
    void *again = mmap(NULL, CHUNK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(again != MAP_FAILED);

#if IS_X32
    /* malloc until it returns NULL: only 4 GiB exist. */
    void *blocks[128];
    int nb = 0;
    while (nb < 128 && (blocks[nb] = malloc(256 << 20)) != NULL)
        nb++;
    CHECK(nb < 128);
    CHECK(nb >= 4);
    for (int i = 0; i < nb; i++)
        free(blocks[i]);
    void *small = malloc(1 << 20);
    CHECK(small != NULL);
    free(small);
#endif
    return check_done();
}
