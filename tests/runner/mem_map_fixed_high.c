/* mem_map_fixed_high: MAP_FIXED at 0x90000000 (at or above 2 GiB, where x32
 * pointers have the sign bit set) works, and such pointers compare, convert
 * and pass through system calls correctly. */
#include "check.h"
#include <fcntl.h>
#include <sys/mman.h>

int main(void)
{
    void *want = (void *)0x90000000UL;
    char *p = mmap(want, 1 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
                   -1, 0);
    REQUIRE(p != MAP_FAILED);
    CHECK(p == want);
    CHECK_EQ((uintptr_t)p, 0x90000000UL);
    CHECK_EQ((unsigned long long)(uintptr_t)p, 0x90000000ULL);
#if IS_X32
    CHECK((intptr_t)p < 0);             /* the sign bit of a 32-bit pointer */
#endif
    CHECK(p + 0x100 > p);
    strcpy(p + 100, "high memory");
    CHECK_STR(p + 100, "high memory");
    /* A system call reading from and writing to high memory. */
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    CHECK_EQ(write(fds[1], p + 100, 12), 12);
    CHECK_EQ(read(fds[0], p + 4096, 12), 12);
    CHECK_STR(p + 4096, "high memory");
    int fd = open("high.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
    REQUIRE_SYS(fd);
    CHECK_EQ(pwrite(fd, p + 100, 11, 0), 11);
    CHECK_EQ(pread(fd, p + 8192, 11, 0), 11);
    CHECK(memcmp(p + 8192, "high memory", 11) == 0);
    close(fd);
    CHECK_SYS(mprotect(p, 4096, PROT_READ));
    CHECK_SYS(munmap(p, 1 << 20));
    /* The same address is free again and MAP_FIXED_NOREPLACE can take it. */
    char *r = mmap(want, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    CHECK(r == want);
    /* Just below 4 GiB on x32: the last usable pages. */
#if IS_X32
    char *top = mmap((void *)0xffff0000UL, 4096, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (top != MAP_FAILED) {
        top[4095] = 1;
        CHECK_EQ(top[4095], 1);
    } else {
        CHECK(errno == EEXIST || errno == ENOMEM);
    }
#endif
    return check_done();
}
