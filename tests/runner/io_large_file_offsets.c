/* io_large_file_offsets: 64-bit file offsets work everywhere: lseek,
 * pread/pwrite, ftruncate, fstat/stat/statx sizes, fallocate, and
 * SEEK_DATA/SEEK_HOLE on a sparse 6 GiB file. */
#include "check.h"
#include <fcntl.h>
#include <sys/stat.h>

int main(void)
{
    int fd = open("big.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
    REQUIRE_SYS(fd);
    long long six = 6LL << 30;
    CHECK_EQ(lseek(fd, six, SEEK_SET), six);
    CHECK_EQ(write(fd, "end", 3), 3);
    CHECK_EQ(lseek(fd, 0, SEEK_CUR), six + 3);
    CHECK_EQ(lseek(fd, -3, SEEK_END), six);
    CHECK_EQ(lseek(fd, -(1LL << 32), SEEK_CUR), six - (1LL << 32));
    struct stat st;
    CHECK_SYS(fstat(fd, &st));
    CHECK_EQ(st.st_size, six + 3);
    CHECK(st.st_blocks < 1024);          /* sparse */
    CHECK_SYS(stat("big.dat", &st));
    CHECK_EQ(st.st_size, six + 3);
    struct statx sx;
    CHECK_SYS(statx(AT_FDCWD, "big.dat", 0, STATX_SIZE, &sx));
    CHECK_EQ(sx.stx_size, (unsigned long long)six + 3);

    CHECK_EQ(pwrite(fd, "mid", 3, 3LL << 30), 3);
    char buf[4] = "";
    CHECK_EQ(pread(fd, buf, 3, 3LL << 30), 3);
    CHECK(memcmp(buf, "mid", 3) == 0);
    off_t data = lseek(fd, (1LL << 30), SEEK_DATA);
    CHECK(data >= (1LL << 30) && data <= (3LL << 30));
    off_t hole = lseek(fd, (3LL << 30), SEEK_HOLE);
    CHECK(hole > (3LL << 30) && hole <= six);

    CHECK_SYS(ftruncate(fd, (5LL << 30) + 7));
    CHECK_SYS(fstat(fd, &st));
    CHECK_EQ(st.st_size, (5LL << 30) + 7);
    CHECK_SYS(truncate("big.dat", (4LL << 30) + 1));
    CHECK_SYS(stat("big.dat", &st));
    CHECK_EQ(st.st_size, (4LL << 30) + 1);
    int r = fallocate(fd, 0, (4LL << 30) + 4096, 4096);
    if (r == 0) {
        CHECK_SYS(fstat(fd, &st));
        CHECK_EQ(st.st_size, (4LL << 30) + 8192);
    } else {
        CHECK(errno == EOPNOTSUPP);
    }
    /* An offset that does not fit off_t is rejected. */
    CHECK_ERR(lseek(fd, -1, SEEK_SET), EINVAL);
    close(fd);
    unlink("big.dat");
    return check_done();
}
