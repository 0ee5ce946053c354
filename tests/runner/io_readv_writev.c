/* io_readv_writev: writev gathers several iovecs in order, readv scatters
 * into several buffers, including zero-length entries, on pipes and files. */
#include "check.h"
#include <fcntl.h>
#include <limits.h>
#include <sys/uio.h>

int main(void)
{
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    char a[] = "alpha-", b[] = "", c[] = "gamma-", d[] = "delta";
    struct iovec w[4] = { { a, 6 }, { b, 0 }, { c, 6 }, { d, 5 } };
    CHECK_EQ(writev(fds[1], w, 4), 17);
    char r1[3], r2[10], r3[20];
    memset(r3, 0, sizeof r3);
    struct iovec r[3] = { { r1, 3 }, { r2, 10 }, { r3, 20 } };
    CHECK_EQ(readv(fds[0], r, 3), 17);
    CHECK(memcmp(r1, "alp", 3) == 0);
    CHECK(memcmp(r2, "ha-gamma-d", 10) == 0);
    CHECK(memcmp(r3, "elta", 4) == 0);

    /* Files: 64 iovecs of 1 byte each. */
    int fd = open("iov.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
    REQUIRE_SYS(fd);
    char bytes[64];
    struct iovec many[64];
    for (int i = 0; i < 64; i++) {
        bytes[i] = (char)('A' + i % 26);
        many[i].iov_base = &bytes[63 - i];
        many[i].iov_len = 1;
    }
    CHECK_EQ(writev(fd, many, 64), 64);
    char back[64];
    CHECK_EQ(pread(fd, back, 64, 0), 64);
    for (int i = 0; i < 64; i++)
        if (back[i] != bytes[63 - i])
            CHECK_EQ(back[i], bytes[63 - i]);
    lseek(fd, 0, SEEK_SET);
    char x[32], y[32];
    struct iovec two[2] = { { x, 32 }, { y, 32 } };
    CHECK_EQ(readv(fd, two, 2), 64);
    CHECK(memcmp(x, back, 32) == 0 && memcmp(y, back + 32, 32) == 0);
    CHECK_EQ(readv(fd, two, 2), 0);             /* EOF */
    close(fd);

    /* Errors: bad count, bad pointer. */
    volatile int minus_one = -1, too_many = IOV_MAX + 1;   /* hide from the compiler */
    CHECK_ERR(writev(fds[1], w, minus_one), EINVAL);
    CHECK_ERR(writev(fds[1], w, too_many), EINVAL);
    struct iovec badp = { (void *)16, 4 };
    CHECK_ERR(writev(fds[1], &badp, 1), EFAULT);
    return check_done();
}
