/* io_stat_fields: struct stat fields are right: mode, size, nlink, uid,
 * inode (matches readdir), nanosecond timestamps set by utimensat (also
 * past 2038), and fstatat/lstat on a symlink. */
#include "check.h"
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>

int main(void)
{
    REQUIRE_SYS(mkdir("statdir", 0755) == 0 || errno == EEXIST ? 0 : -1);
    int fd = open("statdir/file", O_RDWR | O_CREAT | O_TRUNC, 0640);
    REQUIRE_SYS(fd);
    CHECK_EQ(write(fd, "12345", 5), 5);
    CHECK_SYS(symlink("file", "statdir/link") == 0 || errno == EEXIST ? 0 : -1);
    CHECK_SYS(link("statdir/file", "statdir/hard") == 0 || errno == EEXIST ? 0 : -1);

    struct stat st;
    CHECK_SYS(fstat(fd, &st));
    CHECK(S_ISREG(st.st_mode));
    CHECK_EQ(st.st_mode & 07777, 0640);
    CHECK_EQ(st.st_size, 5);
    CHECK_EQ(st.st_nlink, 2);
    CHECK_EQ(st.st_uid, getuid());
    CHECK_EQ(st.st_gid, getgid());
    CHECK(st.st_blksize > 0);

    struct timespec ts[2] = { { 1234567890, 123456789 }, { 4102444800LL + 5, 987654321 } };
    CHECK_SYS(futimens(fd, ts));
    CHECK_SYS(stat("statdir/file", &st));
    CHECK_EQ(st.st_atim.tv_sec, 1234567890);
    CHECK_EQ(st.st_atim.tv_nsec, 123456789);
    CHECK_EQ(st.st_mtim.tv_sec, 4102444805LL);   /* year 2100 */
    CHECK_EQ(st.st_mtim.tv_nsec, 987654321);
    CHECK(st.st_ctim.tv_sec > 1600000000);

    struct stat ls;
    CHECK_SYS(lstat("statdir/link", &ls));
    CHECK(S_ISLNK(ls.st_mode));
    CHECK_EQ(ls.st_size, 4);
    struct stat fs;
    CHECK_SYS(fstatat(AT_FDCWD, "statdir/link", &fs, 0));
    CHECK_EQ(fs.st_ino, st.st_ino);
    CHECK_SYS(fstatat(AT_FDCWD, "statdir/link", &fs, AT_SYMLINK_NOFOLLOW));
    CHECK_EQ(fs.st_ino, ls.st_ino);

    /* readdir's d_ino matches st_ino. */
    DIR *d = opendir("statdir");
    REQUIRE(d != NULL);
    struct dirent *e;
    int seen = 0;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, "file") == 0) {
            seen = 1;
            CHECK_EQ(e->d_ino, st.st_ino);
            CHECK_EQ(e->d_type, DT_REG);
        }
    closedir(d);
    CHECK(seen);
    CHECK_ERR(stat("statdir/missing", &st), ENOENT);
    close(fd);
    return check_done();
}
