/* mem_mmap_mprotect: anonymous and file mappings (private and shared),
 * munmap, mprotect changes, MAP_FIXED_NOREPLACE and mmap error codes. */
#include "check.h"
#include <fcntl.h>
#include <setjmp.h>
#include <sys/mman.h>

static sigjmp_buf env;
static void on_segv(int sig) { siglongjmp(env, sig); }

static int faults(volatile char *p, int write)
{
    if (sigsetjmp(env, 1) == 0) {
        if (write)
            *p = 1;
        else
            (void)*p;
        return 0;
    }
    return 1;
}

int main(void)
{
    signal(SIGSEGV, on_segv);
    char *a = mmap(NULL, 64 * 1024, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(a != MAP_FAILED);
    CHECK_EQ((uintptr_t)a % 4096, 0);
    int nonzero = 0;
    for (int i = 0; i < 64 * 1024; i++)
        nonzero |= a[i];
    CHECK_EQ(nonzero, 0);
    memset(a, 0xab, 64 * 1024);
    CHECK_SYS(mprotect(a, 4096, PROT_READ));
    CHECK(faults(a, 1));
    CHECK(!faults(a, 0));
    CHECK(!faults(a + 4096, 1));
    CHECK_SYS(mprotect(a, 4096, PROT_NONE));
    CHECK(faults(a, 0));
    CHECK_SYS(mprotect(a, 4096, PROT_READ | PROT_WRITE));
    CHECK(!faults(a, 1));
    CHECK_SYS(munmap(a + 8192, 4096));
    CHECK(faults(a + 8192, 0));
    CHECK_EQ((unsigned char)a[8191], 0xab);
    CHECK_SYS(munmap(a, 64 * 1024));

    /* MAP_FIXED_NOREPLACE refuses an occupied range. */
    char *b = mmap(NULL, 8192, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(b != MAP_FAILED);
    CHECK(mmap(b, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0) ==
          MAP_FAILED && errno == EEXIST);
    /* MAP_FIXED replaces it. */
    char *c = mmap(b, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    CHECK(c == b);
    CHECK(!faults(c, 1));
    munmap(b, 8192);

    /* File mappings: shared writes reach the file, private ones do not. */
    int fd = open("mmap.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
    REQUIRE_SYS(fd);
    REQUIRE_SYS(ftruncate(fd, 3 * 4096));
    char *sh = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    char *pr = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 4096);
    REQUIRE(sh != MAP_FAILED && pr != MAP_FAILED);
    memcpy(sh + 4096, "shared!", 7);
    CHECK(memcmp(pr, "shared!", 7) == 0);   /* private view sees the page until written */
    memcpy(pr, "private", 7);
    CHECK_SYS(msync(sh, 3 * 4096, MS_SYNC));
    char buf[8] = "";
    CHECK_EQ(pread(fd, buf, 7, 4096), 7);
    CHECK(memcmp(buf, "shared!", 7) == 0);
    CHECK_EQ(pwrite(fd, "written", 7, 0), 7);
    CHECK(memcmp(sh, "written", 7) == 0);
    /* A file offset past 4 GiB in mmap's offset argument. */
    REQUIRE_SYS(ftruncate(fd, 0x100002000LL));
    char *far = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0x100001000LL);
    CHECK(far != MAP_FAILED);
    if (far != MAP_FAILED) {
        memcpy(far, "far", 3);
        msync(far, 4096, MS_SYNC);
        CHECK_EQ(pread(fd, buf, 3, 0x100001000LL), 3);
        CHECK(memcmp(buf, "far", 3) == 0);
    }
    close(fd);

    /* Errors. */
    CHECK(mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 123) == MAP_FAILED &&
          errno == EINVAL);
    CHECK(mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) == MAP_FAILED &&
          errno == EINVAL);
    CHECK(mmap(NULL, 4096, PROT_READ, MAP_SHARED, 9999, 0) == MAP_FAILED && errno == EBADF);
    CHECK_ERR(munmap((void *)0x1001, 4096), EINVAL);
    return check_done();
}
