/* mem_process_madvise: process_madvise (an iovec-taking "common" system
 * call) advises several ranges of this process through a pidfd and returns
 * the total length; madvise(MADV_DONTNEED) zeroes anonymous memory and
 * mincore reports residency. */
#include "check.h"
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>

int main(void)
{
    size_t pg = 4096;
    char *m = mmap(NULL, 16 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(m != MAP_FAILED);
    memset(m, 7, 16 * pg);
    unsigned char vec[16];
    CHECK_SYS(mincore(m, 16 * pg, vec));
    int resident = 0;
    for (int i = 0; i < 16; i++)
        resident += vec[i] & 1;
    CHECK_EQ(resident, 16);

    int pfd = (int)syscall(SYS_pidfd_open, getpid(), 0);
    REQUIRE_SYS(pfd);
    struct iovec iov[3] = { { m, pg }, { m + 4 * pg, 2 * pg }, { m + 10 * pg, 3 * pg } };
    long r = syscall(SYS_process_madvise, pfd, iov, 3, MADV_COLD, 0);
    CHECK_EQ(r, 6 * (long)pg);
    CHECK_EQ(m[4 * pg], 7);             /* MADV_COLD keeps the contents */
    close(pfd);

    CHECK_SYS(madvise(m + pg, 2 * pg, MADV_DONTNEED));
    CHECK_SYS(mincore(m, 16 * pg, vec));    /* before touching them again */
    CHECK_EQ(vec[1] & 1, 0);
    CHECK_EQ(vec[3] & 1, 1);
    CHECK_EQ(m[pg], 0);
    CHECK_EQ(m[3 * pg - 1], 0);
    CHECK_EQ(m[3 * pg], 7);
    CHECK_ERR(madvise(m + 1, pg, MADV_DONTNEED), EINVAL);
    return check_done();
}
