/* misc_rlimit: getrlimit/setrlimit/prlimit with 64-bit rlim_t values
 * (RLIM_INFINITY included); lowering RLIMIT_NOFILE makes open fail with
 * EMFILE; a child inherits the limits. */
#include "check.h"
#include <fcntl.h>
#include <sys/resource.h>

int main(void)
{
    struct rlimit r;
    CHECK_SYS(getrlimit(RLIMIT_NOFILE, &r));
    CHECK(r.rlim_cur > 0 && r.rlim_cur <= r.rlim_max);
    struct rlimit low = { 16, r.rlim_max };
    CHECK_SYS(setrlimit(RLIMIT_NOFILE, &low));
    int opened = 0, fd;
    while ((fd = open("/dev/null", O_RDONLY)) >= 0)
        opened++;
    CHECK_EQ(errno, EMFILE);
    CHECK(opened > 0 && opened < 16);
    for (int i = 3; i < 16; i++)
        close(i);
    CHECK_SYS(setrlimit(RLIMIT_NOFILE, &r));

    struct rlimit as;
    CHECK_SYS(getrlimit(RLIMIT_AS, &as));
    CHECK(as.rlim_cur == RLIM_INFINITY || as.rlim_cur > (1ULL << 32));
    CHECK_EQ(sizeof(rlim_t), 8);
    CHECK_EQ(RLIM_INFINITY, ~0ULL);

    /* A value above 4 GiB round-trips. */
    struct rlimit fs = { 0x123456789000ULL, RLIM_INFINITY }, got;
    CHECK_SYS(setrlimit(RLIMIT_FSIZE, &fs));
    CHECK_SYS(getrlimit(RLIMIT_FSIZE, &got));
    CHECK_EQ(got.rlim_cur, 0x123456789000ULL);
    CHECK_EQ(got.rlim_max, RLIM_INFINITY);

    struct rlimit core = { 0, RLIM_INFINITY }, old;
    CHECK_SYS(prlimit(0, RLIMIT_CORE, &core, &old));
    CHECK_SYS(prlimit(getpid(), RLIMIT_CORE, NULL, &got));
    CHECK_EQ(got.rlim_cur, 0);

    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        struct rlimit c;
        getrlimit(RLIMIT_FSIZE, &c);
        _exit(c.rlim_cur == 0x123456789000ULL ? 0 : 1);
    }
    CHECK_EXITED(wait_status(pid), 0);
    struct rlimit bad = { 10, 5 };
    CHECK_ERR(setrlimit(RLIMIT_NOFILE, &bad), EINVAL);
    return check_done();
}
