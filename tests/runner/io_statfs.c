/* io_statfs: statfs/fstatfs/statvfs report the file system type and sizes
 * (struct statfs has 64-bit fields on x32 too). */
#include "check.h"
#include <fcntl.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>

int main(void)
{
    struct statfs sf;
    CHECK_SYS(statfs("/proc", &sf));
    CHECK_EQ(sf.f_type, 0x9fa0);        /* PROC_SUPER_MAGIC */
    CHECK_SYS(statfs(".", &sf));
    CHECK(sf.f_bsize > 0);
    CHECK(sf.f_blocks > 0);
    CHECK(sf.f_bfree <= sf.f_blocks);
    CHECK(sf.f_namelen >= 255);
    int fd = open(".", O_RDONLY | O_DIRECTORY);
    REQUIRE_SYS(fd);
    struct statfs ff;
    CHECK_SYS(fstatfs(fd, &ff));
    CHECK_EQ(ff.f_type, sf.f_type);
    CHECK_EQ(ff.f_blocks, sf.f_blocks);
    CHECK_EQ(ff.f_fsid.__val[0], sf.f_fsid.__val[0]);
    struct statvfs sv;
    CHECK_SYS(fstatvfs(fd, &sv));
    CHECK_EQ(sv.f_blocks, sf.f_blocks);
    CHECK_EQ(sv.f_namemax, sf.f_namelen);
    /* Totals above 4 GiB survive (blocks * block size). */
    unsigned long long total = (unsigned long long)sf.f_blocks * sf.f_bsize;
    CHECK(total > (1ULL << 20));
    CHECK_ERR(statfs("/nonexistent/dir", &sf), ENOENT);
    close(fd);
    return check_done();
}
