/* io_fcntl_locks: POSIX record locks (struct flock with 64-bit offsets):
 * F_SETLK conflicts seen from another process, F_GETLK reports the holder's
 * pid and range, and OFD locks; plus flock(). */
#include "check.h"
#include <fcntl.h>
#include <sys/file.h>

int main(void)
{
    int fd = open("locks.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
    REQUIRE_SYS(fd);
    struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
                        .l_start = 0x100000000LL, .l_len = 100 };
    CHECK_SYS(fcntl(fd, F_SETLK, &fl));
    CHECK_SYS(flock(fd, LOCK_EX));      /* before the child looks */
    pid_t parent = getpid();
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        int cfd = open("locks.dat", O_RDWR);
        struct flock q = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
                           .l_start = 0x100000010LL, .l_len = 1 };
        int bad = 0;
        if (fcntl(cfd, F_GETLK, &q) != 0)
            bad |= 1;
        if (q.l_type != F_WRLCK || q.l_pid != parent || q.l_start != 0x100000000LL ||
            q.l_len != 100)
            bad |= 2;
        struct flock t = { .l_type = F_WRLCK, .l_whence = SEEK_SET,
                           .l_start = 0x100000050LL, .l_len = 1 };
        if (fcntl(cfd, F_SETLK, &t) != -1 || (errno != EAGAIN && errno != EACCES))
            bad |= 4;
        t.l_start = 0x100000064LL;      /* just past the locked range */
        if (fcntl(cfd, F_SETLK, &t) != 0)
            bad |= 8;
        struct flock lowq = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 10 };
        if (fcntl(cfd, F_GETLK, &lowq) != 0 || lowq.l_type != F_UNLCK)
            bad |= 16;
        /* OFD lock conflicts with the parent's lock too. */
        struct flock o = { .l_type = F_RDLCK, .l_whence = SEEK_SET,
                           .l_start = 0x100000000LL, .l_len = 1 };
        if (fcntl(cfd, F_OFD_SETLK, &o) != -1 || errno != EAGAIN)
            bad |= 32;
        if (flock(cfd, LOCK_EX | LOCK_NB) != -1 || errno != EWOULDBLOCK)
            bad |= 64;
        _exit(bad);
    }
    CHECK_EXITED(wait_status(pid), 0);
    fl.l_type = F_UNLCK;
    CHECK_SYS(fcntl(fd, F_SETLK, &fl));
    struct flock q = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };
    CHECK_SYS(fcntl(fd, F_GETLK, &q));
    CHECK_EQ(q.l_type, F_UNLCK);
    close(fd);
    return check_done();
}
