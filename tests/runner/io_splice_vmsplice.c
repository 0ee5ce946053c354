/* io_splice_vmsplice: vmsplice gathers several user iovecs into a pipe,
 * splice moves pipe data into a file at a 64-bit offset, tee duplicates. */
#include "check.h"
#include <fcntl.h>
#include <sys/uio.h>

int main(void)
{
    int p[2], q[2];
    REQUIRE_SYS(pipe(p));
    REQUIRE_SYS(pipe(q));
    char a[] = "vm", b[] = "splice", c[] = "-data";
    struct iovec iov[3] = { { a, 2 }, { b, 6 }, { c, 5 } };
    CHECK_EQ(vmsplice(p[1], iov, 3, 0), 13);
    CHECK_EQ(tee(p[0], q[1], 13, 0), 13);
    int fd = open("splice.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
    REQUIRE_SYS(fd);
    loff_t off = 0x100000000LL;
    CHECK_EQ(splice(p[0], NULL, fd, &off, 13, 0), 13);
    CHECK_EQ(off, 0x100000000LL + 13);
    char buf[16] = "";
    CHECK_EQ(pread(fd, buf, 13, 0x100000000LL), 13);
    CHECK(memcmp(buf, "vmsplice-data", 13) == 0);
    memset(buf, 0, sizeof buf);
    CHECK_EQ(read(q[0], buf, sizeof buf), 13);
    CHECK(memcmp(buf, "vmsplice-data", 13) == 0);
    /* splice from the file back into a pipe. */
    loff_t in = 0x100000000LL + 2;
    CHECK_EQ(splice(fd, &in, q[1], NULL, 6, 0), 6);
    memset(buf, 0, sizeof buf);
    CHECK_EQ(read(q[0], buf, sizeof buf), 6);
    CHECK_STR(buf, "splice");
    close(fd);
    return check_done();
}
