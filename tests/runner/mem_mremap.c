/* mem_mremap: growing in place or by moving keeps the contents, shrinking
 * unmaps the tail, MREMAP_FIXED moves to a chosen address. */
#include "check.h"
#include <sys/mman.h>

int main(void)
{
    size_t pg = 4096;
    char *a = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(a != MAP_FAILED);
    for (size_t i = 0; i < 4 * pg; i++)
        a[i] = (char)(i * 7);
    /* Block growth in place with a neighbour, then grow with MAYMOVE. */
    char *fence = mmap(a + 4 * pg, pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
                       -1, 0);
    CHECK_ERR((intptr_t)mremap(a, 4 * pg, 64 * pg, 0), ENOMEM);
    char *b = mremap(a, 4 * pg, 64 * pg, MREMAP_MAYMOVE);
    REQUIRE(b != MAP_FAILED);
    int bad = 0;
    for (size_t i = 0; i < 4 * pg; i++)
        bad |= b[i] != (char)(i * 7);
    CHECK_EQ(bad, 0);
    b[64 * pg - 1] = 5;                 /* the new tail is usable */
    if (fence != MAP_FAILED)
        munmap(fence, pg);

    /* Shrink. */
    char *c = mremap(b, 64 * pg, 2 * pg, 0);
    CHECK(c == b);
    CHECK_EQ(c[pg + 5], (char)((pg + 5) * 7));

    /* Move to a fixed place. */
    char *dest = mmap(NULL, 16 * pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(dest != MAP_FAILED);
    char *d = mremap(c, 2 * pg, 2 * pg, MREMAP_MAYMOVE | MREMAP_FIXED, dest + 4 * pg);
    CHECK(d == dest + 4 * pg);
    if (d != MAP_FAILED)
        CHECK_EQ(d[3], (char)21);
    /* Big growth by moving: the result stays in this ABI's address space. */
    char *e = mremap(d, 2 * pg, 256 << 20, MREMAP_MAYMOVE);
    CHECK(e != MAP_FAILED);
    if (e != MAP_FAILED) {
        CHECK_EQ(e[3], (char)21);
        e[(256 << 20) - 1] = 1;
        CHECK((unsigned long long)(uintptr_t)e + (256ULL << 20) <= (IS_X32 ? 1ULL << 32 : ~0ULL));
    }
    return check_done();
}
