/* mem_brk_sbrk: the program break moves with sbrk/brk, new memory is zeroed
 * and writable, and shrinking works. */
#include "check.h"

int main(void)
{
    char *start = sbrk(0);
    REQUIRE(start != (char *)-1);
    char *old = sbrk(1 << 20);
    REQUIRE(old != (char *)-1);
    CHECK(old == start);
    char *now = sbrk(0);
    CHECK(now == start + (1 << 20));
    int nonzero = 0;
    for (int i = 0; i < 1 << 20; i += 512)
        nonzero |= old[i];
    CHECK_EQ(nonzero, 0);
    memset(old, 0x77, 1 << 20);
    CHECK_SYS(brk(start + 4096));
    CHECK(sbrk(0) == start + 4096);
    CHECK_EQ((unsigned char)start[4095], 0x77);
    /* Grow again: the re-grown part is zero. */
    CHECK(sbrk(8192) != (void *)-1);
    CHECK_EQ(start[4096], 0);
    CHECK_EQ(start[8191], 0);
    CHECK_SYS(brk(start));
    CHECK(sbrk(0) == start);
    /* A break below the data segment is refused by the kernel, which
     * returns the old break (glibc reports that as success). */
    (void)brk((void *)4096);
    CHECK(sbrk(0) == start);
    /* The break lies in this ABI's address space and after the program's data. */
    static int data_var;
    CHECK((char *)&data_var < start);
    return check_done();
}
