/* signal_signalfd: blocked signals are read from a signalfd as
 * signalfd_siginfo records (signo, code, pid, uid, sigval), and the fd
 * is readable in poll only while a signal is pending. */
#include "check.h"
#include <poll.h>
#include <sys/signalfd.h>

int main(void)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    sigaddset(&set, SIGRTMIN + 3);
    sigprocmask(SIG_BLOCK, &set, NULL);
    int fd = signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
    REQUIRE_SYS(fd);

    struct signalfd_siginfo ssi;
    CHECK_ERR(read(fd, &ssi, sizeof ssi), EAGAIN);
    struct pollfd p = { fd, POLLIN, 0 };
    CHECK_EQ(poll(&p, 1, 0), 0);

    union sigval v = { .sival_int = 31337 };
    CHECK_SYS(sigqueue(getpid(), SIGRTMIN + 3, v));
    CHECK_SYS(kill(getpid(), SIGUSR1));
    CHECK_EQ(poll(&p, 1, 1000), 1);
    CHECK(p.revents & POLLIN);

    /* Two records in one read, lowest signal first. */
    struct signalfd_siginfo two[2];
    memset(two, 0, sizeof two);
    CHECK_EQ(read(fd, two, sizeof two), 2 * sizeof(struct signalfd_siginfo));
    CHECK_EQ(sizeof(struct signalfd_siginfo), 128);
    CHECK_EQ(two[0].ssi_signo, SIGUSR1);
    CHECK_EQ(two[0].ssi_code, SI_USER);
    CHECK_EQ(two[0].ssi_pid, getpid());
    CHECK_EQ(two[0].ssi_uid, getuid());
    CHECK_EQ(two[1].ssi_signo, SIGRTMIN + 3);
    CHECK_EQ(two[1].ssi_code, SI_QUEUE);
    CHECK_EQ(two[1].ssi_int, 31337);
    CHECK_EQ(poll(&p, 1, 0), 0);

    /* A too-small buffer is EINVAL. */
    char small[64];
    raise(SIGUSR1);
    CHECK_ERR(read(fd, small, sizeof small), EINVAL);
    CHECK_EQ(read(fd, &ssi, sizeof ssi), sizeof ssi);
    CHECK_EQ(ssi.ssi_code, SI_TKILL);
    close(fd);
    return check_done();
}
