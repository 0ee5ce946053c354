/* io_sendfile_ranges: calls that carry 64-bit offsets and lengths:
 * sendfile and copy_file_range at offsets past 4 GiB, posix_fadvise,
 * readahead and sync_file_range. */
#include "check.h"
#include <fcntl.h>
#include <sys/sendfile.h>

int main(void)
{
    int src = open("src.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
    int dst = open("dst.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
    REQUIRE_SYS(src);
    REQUIRE_SYS(dst);
    long long far = 0x180000000LL;
    CHECK_EQ(pwrite(src, "0123456789", 10, far), 10);
    off_t off = far + 2;
    CHECK_EQ(lseek(dst, 0x100000000LL, SEEK_SET), 0x100000000LL);
    CHECK_EQ(sendfile(dst, src, &off, 5), 5);
    CHECK_EQ(off, far + 7);
    char buf[8] = "";
    CHECK_EQ(pread(dst, buf, 5, 0x100000000LL), 5);
    CHECK(memcmp(buf, "23456", 5) == 0);

    loff_t in = far, out = 0x200000000LL;
    ssize_t n = copy_file_range(src, &in, dst, &out, 10, 0);
    CHECK_EQ(n, 10);
    CHECK_EQ(in, far + 10);
    CHECK_EQ(out, 0x200000000LL + 10);
    memset(buf, 0, sizeof buf);
    CHECK_EQ(pread(dst, buf, 4, 0x200000000LL + 6), 4);
    CHECK(memcmp(buf, "6789", 4) == 0);

    CHECK_EQ(posix_fadvise(src, far, 0x100000000LL, POSIX_FADV_SEQUENTIAL), 0);
    CHECK_EQ(posix_fadvise(src, 0, 0, 12345), EINVAL);
    CHECK_SYS(readahead(src, far, 4096));
    CHECK_SYS(sync_file_range(dst, 0x100000000LL, 4096, SYNC_FILE_RANGE_WRITE));
    CHECK_ERR(sync_file_range(dst, -1, 4096, SYNC_FILE_RANGE_WRITE), EINVAL);
    close(src);
    close(dst);
    unlink("src.dat");
    unlink("dst.dat");
    return check_done();
}
