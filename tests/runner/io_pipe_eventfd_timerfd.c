/* io_pipe_eventfd_timerfd: pipe2 flags (O_NONBLOCK EAGAIN, O_CLOEXEC), big
 * writes through a pipe to another thread-free child, eventfd counter and
 * semaphore modes, and timerfd expirations and timerfd_gettime. */
#include "check.h"
#include <fcntl.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>

int main(void)
{
    int p[2];
    REQUIRE_SYS(pipe2(p, O_NONBLOCK | O_CLOEXEC));
    CHECK(fcntl(p[0], F_GETFL) & O_NONBLOCK);
    CHECK(fcntl(p[1], F_GETFD) & FD_CLOEXEC);
    char c;
    CHECK_ERR(read(p[0], &c, 1), EAGAIN);
    int sz = fcntl(p[0], F_GETPIPE_SZ);
    CHECK(sz >= 4096);
    CHECK_SYS(fcntl(p[0], F_SETPIPE_SZ, 1 << 16));
    CHECK_EQ(fcntl(p[0], F_GETPIPE_SZ), 1 << 16);

    /* 4 MiB through a pipe to a child that checksums it. */
    int q[2];
    REQUIRE_SYS(pipe(q));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        close(q[1]);
        static unsigned char buf[65536];
        unsigned long long sum = 0, total = 0;
        ssize_t n;
        while ((n = read(q[0], buf, sizeof buf)) > 0) {
            for (ssize_t i = 0; i < n; i++)
                sum += buf[i];
            total += n;
        }
        _exit(total == 4u << 20 && sum == (4ull << 20) / 256 * (255 * 256 / 2) ? 0 : 1);
    }
    close(q[0]);
    static unsigned char out[1 << 20];
    for (size_t i = 0; i < sizeof out; i++)
        out[i] = (unsigned char)i;
    for (int k = 0; k < 4; k++)
        CHECK_EQ(write(q[1], out, sizeof out), sizeof out);
    close(q[1]);
    CHECK_EXITED(wait_status(pid), 0);

    /* eventfd. */
    int efd = eventfd(5, EFD_NONBLOCK);
    REQUIRE_SYS(efd);
    uint64_t v = 0;
    CHECK_EQ(read(efd, &v, 8), 8);
    CHECK_EQ(v, 5);
    CHECK_ERR(read(efd, &v, 8), EAGAIN);
    v = 0x100000000ULL;
    CHECK_EQ(write(efd, &v, 8), 8);
    v = 3;
    CHECK_EQ(write(efd, &v, 8), 8);
    CHECK_EQ(read(efd, &v, 8), 8);
    CHECK_EQ(v, 0x100000003ULL);
    CHECK_ERR(read(efd, &v, 4), EINVAL);
    int sfd = eventfd(2, EFD_SEMAPHORE | EFD_NONBLOCK);
    REQUIRE_SYS(sfd);
    CHECK_EQ(read(sfd, &v, 8), 8);
    CHECK_EQ(v, 1);
    CHECK_EQ(read(sfd, &v, 8), 8);
    CHECK_ERR(read(sfd, &v, 8), EAGAIN);
    eventfd_t ev;
    CHECK_SYS(eventfd_write(efd, 9));
    CHECK_SYS(eventfd_read(efd, &ev));
    CHECK_EQ(ev, 9);

    /* timerfd: 20 ms period, read the expiration count. */
    int tfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    REQUIRE_SYS(tfd);
    struct itimerspec its = { { 0, 20000000 }, { 0, 20000000 } }, cur;
    CHECK_SYS(timerfd_settime(tfd, 0, &its, NULL));
    CHECK_SYS(timerfd_gettime(tfd, &cur));
    CHECK_EQ(cur.it_interval.tv_nsec, 20000000);
    CHECK(cur.it_value.tv_nsec > 0 && cur.it_value.tv_nsec <= 20000000);
    sleep_ms(110);
    uint64_t exp = 0;
    CHECK_EQ(read(tfd, &exp, 8), 8);
    CHECK(exp >= 4 && exp <= 7);
    exp = 0;
    CHECK_EQ(read(tfd, &exp, 8), 8);    /* blocks for the next one */
    CHECK(exp >= 1);
    /* Absolute time, one shot. */
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    struct itimerspec abs = { { 0, 0 }, { now.tv_sec + 1, now.tv_nsec } }, old;
    CHECK_SYS(timerfd_settime(tfd, TFD_TIMER_ABSTIME, &abs, &old));
    CHECK_EQ(old.it_interval.tv_nsec, 20000000);
    CHECK_SYS(timerfd_gettime(tfd, &cur));
    CHECK(cur.it_value.tv_sec == 0 || cur.it_value.tv_sec == 1);
    return check_done();
}
