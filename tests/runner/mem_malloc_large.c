/* mem_malloc_large: malloc of 100 MB (mmap-backed), calloc zeroing, realloc
 * growth keeping contents, and many small allocations. */
#include "check.h"

int main(void)
{
    size_t n = 100u * 1000 * 1000;
    unsigned char *p = malloc(n);
    REQUIRE(p != NULL);
    for (size_t i = 0; i < n; i += 4096)
        p[i] = (unsigned char)(i >> 12);
    p[n - 1] = 0xee;
    int bad = 0;
    for (size_t i = 0; i < n; i += 4096)
        bad |= p[i] != (unsigned char)(i >> 12);
    CHECK_EQ(bad, 0);
    CHECK_EQ(p[n - 1], 0xee);
    unsigned char *q = realloc(p, n * 2);
    REQUIRE(q != NULL);
    CHECK_EQ(q[n - 1], 0xee);
    CHECK_EQ(q[4096 * 3], 3);
    q[2 * n - 1] = 1;
    free(q);

    unsigned *z = calloc(10 * 1000 * 1000, sizeof *z);
    REQUIRE(z != NULL);
    unsigned acc = 0;
    for (size_t i = 0; i < 10 * 1000 * 1000; i += 1000)
        acc |= z[i];
    CHECK_EQ(acc, 0);
    free(z);

    void *small[10000];
    for (int i = 0; i < 10000; i++) {
        small[i] = malloc(16 + i % 200);
        if (!small[i]) {
            CHECK(!"small malloc failed");
            return check_done();
        }
        memset(small[i], i & 0xff, 16);
    }
    for (int i = 0; i < 10000; i++) {
        bad |= ((unsigned char *)small[i])[15] != (i & 0xff);
        free(small[i]);
    }
    CHECK_EQ(bad, 0);
    /* An impossible size fails cleanly. */
    volatile size_t too_big = (size_t)-4096;
    errno = 0;
    CHECK(malloc(too_big) == NULL);
    CHECK_EQ(errno, ENOMEM);
    return check_done();
}
