/* io_poll_select: poll, ppoll, select and pselect report readiness and time
 * out correctly, including descriptors numbered above 64 in fd_sets. */
#include "check.h"
#include <poll.h>
#include <sys/select.h>

int main(void)
{
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    int hr = dup2(fds[0], 100), hw = dup2(fds[1], 101);
    REQUIRE_SYS(hr);
    REQUIRE_SYS(hw);

    struct pollfd p[2] = { { hr, POLLIN, 0 }, { hw, POLLOUT, 0 } };
    CHECK_EQ(poll(p, 2, 0), 1);
    CHECK_EQ(p[0].revents, 0);
    CHECK_EQ(p[1].revents, POLLOUT);
    long long t0 = now_ns();
    CHECK_EQ(poll(p, 1, 100), 0);
    CHECK(now_ns() - t0 >= 90000000LL);
    CHECK_EQ(write(hw, "x", 1), 1);
    CHECK_EQ(poll(p, 1, 1000), 1);
    CHECK_EQ(p[0].revents, POLLIN);

    struct timespec ts = { 0, 50000000 };
    sigset_t mask;
    sigemptyset(&mask);
    CHECK_EQ(ppoll(p, 1, &ts, &mask), 1);

    fd_set rs, ws;
    FD_ZERO(&rs);
    FD_ZERO(&ws);
    FD_SET(hr, &rs);
    FD_SET(hw, &ws);
    struct timeval tv = { 1, 0 };
    CHECK_EQ(select(hw + 1, &rs, &ws, NULL, &tv), 2);
    CHECK(FD_ISSET(hr, &rs));
    CHECK(FD_ISSET(hw, &ws));
    char c;
    CHECK_EQ(read(hr, &c, 1), 1);

    /* Timeout: select updates the timeval with the time left (Linux). */
    FD_ZERO(&rs);
    FD_SET(hr, &rs);
    tv.tv_sec = 0;
    tv.tv_usec = 100000;
    t0 = now_ns();
    CHECK_EQ(select(hr + 1, &rs, NULL, NULL, &tv), 0);
    CHECK(now_ns() - t0 >= 90000000LL);
    CHECK(!FD_ISSET(hr, &rs));
    CHECK_EQ(tv.tv_sec, 0);
    CHECK_EQ(tv.tv_usec, 0);

    FD_ZERO(&rs);
    FD_SET(hr, &rs);
    CHECK_EQ(write(hw, "y", 1), 1);
    struct timespec pts = { 1, 0 };
    CHECK_EQ(pselect(hr + 1, &rs, NULL, NULL, &pts, &mask), 1);
    CHECK(FD_ISSET(hr, &rs));

    /* Hang-up when the writer closes. */
    close(fds[1]);
    close(hw);
    CHECK_EQ(read(hr, &c, 1), 1);
    p[0].events = POLLIN;
    CHECK_EQ(poll(p, 1, 1000), 1);
    CHECK(p[0].revents & POLLHUP);
    /* An invalid descriptor: POLLNVAL / EBADF. */
    struct pollfd bad = { 555, POLLIN, 0 };
    CHECK_EQ(poll(&bad, 1, 0), 1);
    CHECK_EQ(bad.revents, POLLNVAL);
    FD_ZERO(&rs);
    FD_SET(99, &rs);                    /* closed, inside the fd table */
    tv.tv_sec = 0;
    tv.tv_usec = 0;
    CHECK_ERR(select(100, &rs, NULL, NULL, &tv), EBADF);
    return check_done();
}
