/* misc_cwd: getcwd/chdir/fchdir and relative paths, getcwd ERANGE for a
 * short buffer and a dynamically allocated result; *at() calls relative to
 * a directory fd. */
#include "check.h"
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>

int main(void)
{
    char start[PATH_MAX], buf[PATH_MAX];
    REQUIRE(getcwd(start, sizeof start) != NULL);
    CHECK(start[0] == '/');
    char tmpl[] = "/tmp/x32cwd.XXXXXX";
    REQUIRE(mkdtemp(tmpl) != NULL);
    CHECK_SYS(chdir(tmpl));
    CHECK(getcwd(buf, sizeof buf) != NULL);
    char real[PATH_MAX];
    REQUIRE(realpath(tmpl, real) != NULL);
    CHECK_STR(buf, real);
    CHECK_SYS(mkdir("sub", 0700));
    CHECK_SYS(chdir("sub"));
    char want[PATH_MAX + 8];
    snprintf(want, sizeof want, "%s/sub", real);
    CHECK(getcwd(buf, sizeof buf) != NULL);
    CHECK_STR(buf, want);
    char *dyn = getcwd(NULL, 0);
    CHECK(dyn != NULL);
    if (dyn)
        CHECK_STR(dyn, want);
    free(dyn);
    char small[4];
    CHECK(getcwd(small, sizeof small) == NULL && errno == ERANGE);

    int dfd = open(real, O_RDONLY | O_DIRECTORY);
    REQUIRE_SYS(dfd);
    CHECK_SYS(fchdir(dfd));
    CHECK(getcwd(buf, sizeof buf) != NULL);
    CHECK_STR(buf, real);
    int fd = openat(dfd, "sub/f", O_WRONLY | O_CREAT, 0600);
    CHECK_SYS(fd);
    close(fd);
    CHECK_SYS(access("sub/f", F_OK));
    CHECK_SYS(renameat(dfd, "sub/f", dfd, "g"));
    CHECK_SYS(unlinkat(dfd, "g", 0));
    CHECK_SYS(unlinkat(dfd, "sub", AT_REMOVEDIR));
    CHECK_SYS(chdir(start));
    CHECK_SYS(rmdir(real));
    CHECK_ERR(chdir(real), ENOENT);
    close(dfd);
    return check_done();
}
