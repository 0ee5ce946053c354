/* signal_restart_rules: which interrupted calls SA_RESTART restarts, as on a
 * real kernel: read, write and wait4 are restarted; poll, select,
 * epoll_wait, nanosleep and sigtimedwait-free pause() still fail with EINTR
 * even with SA_RESTART; without SA_RESTART they all fail with EINTR. */
#include "check.h"
#include <poll.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/time.h>

static volatile sig_atomic_t ticks;
static void on_alarm(int sig) { (void)sig; ticks++; }

static void arm(int restart)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sa.sa_flags = restart ? SA_RESTART : 0;
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval it = { { 0, 0 }, { 0, 50000 } };   /* once, after 50 ms */
    ticks = 0;
    setitimer(ITIMER_REAL, &it, NULL);
}

/* A child that writes a byte into fd after ms milliseconds, then exits. */
static pid_t later_write(int fd, int ms)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        sleep_ms(ms);
        _exit(write(fd, "k", 1) == 1 ? 0 : 1);
    }
    return pid;
}

int main(void)
{
    int p[2];
    REQUIRE_SYS(pipe(p));
    char c;

    /* read: restarted with SA_RESTART, EINTR without. */
    arm(1);
    pid_t w = later_write(p[1], 200);
    CHECK_EQ(read(p[0], &c, 1), 1);
    CHECK_EQ(ticks, 1);
    CHECK_EXITED(wait_status(w), 0);
    arm(0);
    CHECK_ERR(read(p[0], &c, 1), EINTR);

    /* wait4/waitpid: restarted with SA_RESTART. */
    fflush(NULL);
    pid_t kid = fork();
    REQUIRE_SYS(kid);
    if (kid == 0) {
        sleep_ms(200);
        _exit(3);
    }
    arm(1);
    int st = 0;
    CHECK_EQ(waitpid(kid, &st, 0), kid);
    CHECK_EQ(ticks, 1);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 3);
    kid = fork();
    REQUIRE_SYS(kid);
    if (kid == 0) {
        sleep_ms(300);
        _exit(4);
    }
    arm(0);
    CHECK_ERR(waitpid(kid, &st, 0), EINTR);
    CHECK_EXITED(wait_status(kid), 4);

    /* Never restarted, whatever SA_RESTART says. */
    for (int restart = 0; restart < 2; restart++) {
        struct pollfd pf = { p[0], POLLIN, 0 };
        arm(restart);
        CHECK_ERR(poll(&pf, 1, 2000), EINTR);
        fd_set rs;
        FD_ZERO(&rs);
        FD_SET(p[0], &rs);
        struct timeval tv = { 2, 0 };
        arm(restart);
        CHECK_ERR(select(p[0] + 1, &rs, NULL, NULL, &tv), EINTR);
        int ep = epoll_create1(0);
        struct epoll_event ev = { .events = EPOLLIN };
        epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev);
        arm(restart);
        CHECK_ERR(epoll_wait(ep, &ev, 1, 2000), EINTR);
        close(ep);
        arm(restart);
        CHECK_ERR(pause(), EINTR);
        struct timespec ts = { 2, 0 };
        arm(restart);
        CHECK_ERR(nanosleep(&ts, NULL), EINTR);
        CHECK_EQ(ticks, 1);
    }
    return check_done();
}
