/* mem_mmap_1gib: a 1 GiB anonymous mapping succeeds, lies entirely below
 * 4 GiB on x32, and its first and last pages are usable. */
#include "check.h"
#include <sys/mman.h>

int main(void)
{
    size_t gib = (size_t)1 << 30;
    char *p = mmap(NULL, gib, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    if (!CHECK(p != MAP_FAILED)) {
        fprintf(stderr, "  mmap 1 GiB: %s\n", strerror(errno));
        return check_done();
    }
    unsigned long long end = (unsigned long long)(uintptr_t)p + gib;
#if IS_X32
    CHECK(end <= 0x100000000ULL);
#endif
    CHECK(end > (uintptr_t)p);
    p[0] = 1;
    p[gib / 2] = 2;
    p[gib - 1] = 3;
    CHECK_EQ(p[0] + p[gib / 2] + p[gib - 1], 6);
    CHECK_SYS(munmap(p, gib));
    /* And again, with a second one alongside. */
    char *q = mmap(NULL, gib, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    char *r = mmap(NULL, gib, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    CHECK(q != MAP_FAILED && r != MAP_FAILED);
    if (q != MAP_FAILED && r != MAP_FAILED) {
        CHECK(q + gib <= r || r + gib <= q);
        q[gib - 1] = r[gib - 1] = 9;
    }
    return check_done();
}
