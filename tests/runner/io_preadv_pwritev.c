/* io_preadv_pwritev: preadv/pwritev and preadv2/pwritev2 with several iovecs
 * at explicit offsets (including past 4 GiB), offset -1 (current position)
 * for the v2 calls, RWF flags, and EOPNOTSUPP for unknown flags. */
#include "check.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/uio.h>

int main(void)
{
    int fd = open("pv.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
    REQUIRE_SYS(fd);
    char a[] = "0123", b[] = "456789";
    struct iovec w[2] = { { a, 4 }, { b, 6 } };
    CHECK_EQ(pwritev(fd, w, 2, 100), 10);
    CHECK_EQ(lseek(fd, 0, SEEK_CUR), 0);        /* position untouched */
    char r1[5] = "", r2[5] = "";
    struct iovec r[2] = { { r1, 5 }, { r2, 5 } };
    CHECK_EQ(preadv(fd, r, 2, 100), 10);
    CHECK(memcmp(r1, "01234", 5) == 0 && memcmp(r2, "56789", 5) == 0);

    /* Offsets past 4 GiB (the 64-bit offset must not be split wrongly). */
    long long far = 0x140000123LL;
    CHECK_EQ(pwritev(fd, w, 2, far), 10);
    memset(r1, 0, 5);
    memset(r2, 0, 5);
    CHECK_EQ(preadv(fd, r, 2, far), 10);
    CHECK(memcmp(r1, "01234", 5) == 0 && memcmp(r2, "56789", 5) == 0);
    char one;
    CHECK_EQ(pread(fd, &one, 1, far + 9), 1);
    CHECK_EQ(one, '9');
    CHECK_EQ(pread(fd, &one, 1, far - 0x100000000LL), 1);   /* 0x40000123: a hole */
    CHECK_EQ(one, 0);
    struct stat st;
    fstat(fd, &st);
    CHECK_EQ(st.st_size, far + 10);

    /* v2 with explicit offset and flags. */
    CHECK_EQ(pwritev2(fd, w, 2, 200, RWF_DSYNC), 10);
    memset(r1, 0, 5);
    CHECK_EQ(preadv2(fd, r, 2, 200, 0), 10);
    CHECK(memcmp(r1, "01234", 5) == 0);
    CHECK_EQ(pwritev2(fd, w, 2, far + 100, RWF_HIPRI), 10);
    CHECK_EQ(preadv2(fd, r, 2, far + 100, RWF_HIPRI), 10);
    CHECK(memcmp(r2, "56789", 5) == 0);
    /* Offset -1 uses and advances the file position. */
    CHECK_EQ(lseek(fd, 102, SEEK_SET), 102);
    memset(r1, 0, 5);
    CHECK_EQ(preadv2(fd, r, 1, -1, 0), 5);
    CHECK(memcmp(r1, "23456", 5) == 0);
    CHECK_EQ(lseek(fd, 0, SEEK_CUR), 107);
    /* Unknown flags are refused. */
    CHECK_ERR(preadv2(fd, r, 2, 0, 0x40000000), EOPNOTSUPP);
    CHECK_ERR(pwritev2(fd, w, 2, 0, 0x40000000), EOPNOTSUPP);
    /* RWF_NOWAIT on a regular file read succeeds or says EAGAIN/EOPNOTSUPP. */
    ssize_t n = preadv2(fd, r, 2, 100, RWF_NOWAIT);
    CHECK(n == 10 || (n == -1 && (errno == EAGAIN || errno == EOPNOTSUPP)));
    CHECK_ERR(preadv(fd, r, 2, -5), EINVAL);
    close(fd);
    return check_done();
}
