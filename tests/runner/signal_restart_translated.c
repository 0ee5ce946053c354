/* signal_restart_translated: restart semantics also hold for calls whose
 * arguments an x32 runner has to translate: readv, recvmsg, recvfrom and
 * waitid blocked and interrupted by SIGALRM are restarted with SA_RESTART
 * (and return the right data) and fail with EINTR without it. */
#include "check.h"
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>

static volatile sig_atomic_t ticks;
static void on_alarm(int sig) { (void)sig; ticks++; }

static void arm(int restart)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sa.sa_flags = restart ? SA_RESTART : 0;
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval it = { { 0, 0 }, { 0, 50000 } };
    ticks = 0;
    setitimer(ITIMER_REAL, &it, NULL);
}

/* A child that writes "hello" to fd after 200 ms. */
static pid_t later(int fd)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        sleep_ms(200);
        _exit(write(fd, "hello", 5) == 5 ? 0 : 1);
    }
    return pid;
}

int main(void)
{
    int p[2], sv[2];
    REQUIRE_SYS(pipe(p));
    REQUIRE_SYS(socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
    char a[2], b[8];

    /* readv */
    struct iovec iov[2] = { { a, 2 }, { b, 8 } };
    arm(1);
    pid_t w = later(p[1]);
    CHECK_EQ(readv(p[0], iov, 2), 5);
    CHECK(memcmp(a, "he", 2) == 0 && memcmp(b, "llo", 3) == 0);
    CHECK_EQ(ticks, 1);
    CHECK_EXITED(wait_status(w), 0);
    arm(0);
    CHECK_ERR(readv(p[0], iov, 2), EINTR);

    /* recvmsg */
    struct msghdr m = { .msg_iov = iov, .msg_iovlen = 2 };
    arm(1);
    w = later(sv[0]);
    CHECK_EQ(recvmsg(sv[1], &m, 0), 5);
    CHECK(memcmp(a, "he", 2) == 0);
    CHECK_EQ(ticks, 1);
    CHECK_EXITED(wait_status(w), 0);
    arm(0);
    CHECK_ERR(recvmsg(sv[1], &m, 0), EINTR);

    /* recvfrom */
    arm(1);
    w = later(sv[0]);
    CHECK_EQ(recvfrom(sv[1], b, sizeof b, 0, NULL, NULL), 5);
    CHECK_EXITED(wait_status(w), 0);
    arm(0);
    CHECK_ERR(recvfrom(sv[1], b, sizeof b, 0, NULL, NULL), EINTR);

    /* waitid */
    fflush(NULL);
    pid_t kid = fork();
    REQUIRE_SYS(kid);
    if (kid == 0) {
        sleep_ms(200);
        _exit(6);
    }
    siginfo_t si;
    memset(&si, 0, sizeof si);
    arm(1);
    CHECK_SYS(waitid(P_PID, kid, &si, WEXITED));
    CHECK_EQ(si.si_status, 6);
    CHECK_EQ(ticks, 1);
    kid = fork();
    REQUIRE_SYS(kid);
    if (kid == 0) {
        sleep_ms(300);
        _exit(7);
    }
    arm(0);
    CHECK_ERR(waitid(P_PID, kid, &si, WEXITED), EINTR);
    CHECK_EXITED(wait_status(kid), 7);

    /* sigtimedwait for another signal: always EINTR when a handler runs. */
    arm(1);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR2);
    sigprocmask(SIG_BLOCK, &s, NULL);
    struct timespec ts = { 2, 0 };
#ifdef __GLIBC__
    CHECK_ERR(sigtimedwait(&s, &si, &ts), EINTR);
#else
    /* musl's sigtimedwait calls again after an EINTR, so it ends at the
     * timeout (on the real x32 kernel too): the handler must still run once. */
    CHECK_ERR(sigtimedwait(&s, &si, &ts), EAGAIN);
#endif
    CHECK_EQ(ticks, 1);
    return check_done();
}
