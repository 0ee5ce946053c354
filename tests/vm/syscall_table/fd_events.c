/* tests/vm/syscall_table/fd_events.c: waiting on descriptors: select/pselect6,
 * poll/ppoll, epoll and timerfd. */

#include "syscall_table.h"

void case_select(void)
{
    int p[2];
    pipe(p);
    write(p[1], "x", 1);
    fd_set r;
    FD_ZERO(&r);
    FD_SET(p[0], &r);
    struct timeval tv = {1, 0};
    out("ready=%s", rv(select(p[0] + 1, &r, NULL, NULL, &tv)));
    out("isset=%s", FD_ISSET(p[0], &r) ? "yes" : "no");
    char c;
    read(p[0], &c, 1);
    FD_ZERO(&r);
    FD_SET(p[0], &r);
    tv.tv_sec = 0;
    tv.tv_usec = 20000;
    out("timeout=%s", rv(select(p[0] + 1, &r, NULL, NULL, &tv)));
    out("left=%lld.%06lld", (long long)tv.tv_sec, (long long)tv.tv_usec);
    tv.tv_usec = 2000000;
    out("bad-tv=%s", rv(select(p[0] + 1, &r, NULL, NULL, &tv)));
    /* pselect6: the temporary mask lets a pending signal in: EINTR. */
    on(SIGUSR1, record, 0);
    block(SIGUSR1);
    raise(SIGUSR1);
    sigset_t empty;
    sigemptyset(&empty);
    struct timespec ts = {2, 0};
    FD_ZERO(&r);
    FD_SET(p[0], &r);
    out("pselect-eintr=%s", rv(pselect(p[0] + 1, &r, NULL, NULL, &ts, &empty)));
    out("handled=%d", hits);
    sigset_t now;
    sigprocmask(SIG_BLOCK, NULL, &now);
    out("mask-restored=%s", sigismember(&now, SIGUSR1) ? "yes" : "no");
    ts.tv_sec = 0;
    ts.tv_nsec = 10000000;
    out("pselect-timeout=%s", rv(pselect(p[0] + 1, &r, NULL, NULL, &ts, NULL)));
}

void case_poll(void)
{
    int p[2];
    pipe(p);
    write(p[1], "x", 1);
    struct pollfd f[2] = {{p[0], POLLIN, 0}, {p[1], POLLOUT, 0}};
    out("poll=%s", rv(poll(f, 2, 1000)));
    out("revents=%#x,%#x", f[0].revents, f[1].revents);
    close(p[1]);
    char c;
    read(p[0], &c, 1);
    f[1].fd = -1;
    out("hup=%s", rv(poll(f, 2, 1000)));
    out("revents=%#x", f[0].revents);
    int q[2];
    pipe(q);
    struct pollfd g[1] = {{q[0], POLLIN, 0}};
    struct timespec ts = {0, 10000000};
    out("ppoll-timeout=%s", rv(ppoll(g, 1, &ts, NULL)));
    on(SIGUSR2, record, 0);
    block(SIGUSR2);
    raise(SIGUSR2);
    sigset_t empty;
    sigemptyset(&empty);
    ts.tv_sec = 2;
    out("ppoll-eintr=%s", rv(ppoll(g, 1, &ts, &empty)));
    out("handled=%d", hits);
    struct pollfd bad[1] = {{999, POLLIN, 0}};
    out("nval=%s", rv(poll(bad, 1, 0)));
    out("revents=%#x", bad[0].revents);
}

void case_epoll(void)
{
    int ep = epoll_create1(EPOLL_CLOEXEC);
    int p[2];
    pipe(p);
    struct epoll_event ev = {.events = EPOLLIN | EPOLLET, .data.u64 = 0x1122334455667788ULL};
    out("ctl=%s", rv(epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev)));
    out("dup=%s", rv(epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev)));
    write(p[1], "x", 1);
    struct epoll_event got[4];
    memset(got, 0, sizeof got);
    out("wait=%s", rv(epoll_wait(ep, got, 4, 1000)));
    out("events=%#x data=%s sizeof=%zu", got[0].events,
        got[0].data.u64 == 0x1122334455667788ULL ? "ok" : "wrong", sizeof got[0]);
    out("edge-again=%s", rv(epoll_wait(ep, got, 4, 10)));
    on(SIGUSR1, record, 0);
    block(SIGUSR1);
    raise(SIGUSR1);
    sigset_t empty;
    sigemptyset(&empty);
    out("pwait-eintr=%s", rv(epoll_pwait(ep, got, 4, 2000, &empty)));
    out("handled=%d", hits);
    out("einval=%s", rv(epoll_wait(ep, got, 0, 0)));
}

void case_timerfd(void)
{
    int t = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    struct itimerspec its = {{0, 0}, {0, 10000000}}, cur;
    out("settime=%s", rv(timerfd_settime(t, 0, &its, NULL)));
    uint64_t n = 0;
    out("read=%s", rv(read(t, &n, sizeof n)));
    out("expirations=%llu", (unsigned long long)n);
    out("gettime=%s", rv(timerfd_gettime(t, &cur)));
    out("disarmed=%s", cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec == 0 ? "yes" : "no");
    its.it_interval.tv_sec = 5;
    its.it_value.tv_sec = 5;
    timerfd_settime(t, 0, &its, NULL);
    timerfd_gettime(t, &cur);
    out("interval=%lld value<=5s=%s", (long long)cur.it_interval.tv_sec,
        cur.it_value.tv_sec <= 5 ? "yes" : "no");
    its.it_value.tv_nsec = 1000000000;
    out("einval=%s", rv(timerfd_settime(t, 0, &its, NULL)));
    out("short-read=%s", rv(read(t, &n, 4)));
}
