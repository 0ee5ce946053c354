/* io_inet_sockopts: a TCP connection over loopback (bind, listen, connect,
 * accept, getsockname/getpeername), and setsockopt/getsockopt round trips of
 * int, struct timeval (SO_RCVTIMEO, which then times out), struct linger and
 * TCP options. */
#include "check.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

int main(void)
{
    int ls = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    REQUIRE_SYS(ls);
    int on = 1;
    CHECK_SYS(setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on));
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = 0,
                             .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    REQUIRE_SYS(bind(ls, (struct sockaddr *)&a, sizeof a));
    socklen_t al = sizeof a;
    CHECK_SYS(getsockname(ls, (struct sockaddr *)&a, &al));
    CHECK_EQ(al, sizeof a);
    CHECK(ntohs(a.sin_port) != 0);
    REQUIRE_SYS(listen(ls, 4));

    int cs = socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE_SYS(cs);
    REQUIRE_SYS(connect(cs, (struct sockaddr *)&a, sizeof a));
    struct sockaddr_in peer;
    socklen_t pl = sizeof peer;
    int ss = accept4(ls, (struct sockaddr *)&peer, &pl, SOCK_CLOEXEC);
    REQUIRE_SYS(ss);
    CHECK_EQ(peer.sin_addr.s_addr, htonl(INADDR_LOOPBACK));
    struct sockaddr_in local;
    socklen_t ll = sizeof local;
    CHECK_SYS(getsockname(cs, (struct sockaddr *)&local, &ll));
    CHECK_EQ(local.sin_port, peer.sin_port);
    CHECK_SYS(getpeername(cs, (struct sockaddr *)&peer, &pl));
    CHECK_EQ(peer.sin_port, a.sin_port);

    CHECK_EQ(send(cs, "ping", 4, 0), 4);
    char buf[8] = "";
    CHECK_EQ(recv(ss, buf, sizeof buf, 0), 4);
    CHECK(memcmp(buf, "ping", 4) == 0);
    struct sockaddr_in from;
    socklen_t fl = sizeof from;
    CHECK_EQ(sendto(ss, "pong", 4, 0, NULL, 0), 4);
    CHECK_EQ(recvfrom(cs, buf, sizeof buf, 0, (struct sockaddr *)&from, &fl), 4);

    /* int options */
    int v = 0;
    socklen_t vl = sizeof v;
    CHECK_SYS(setsockopt(cs, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on));
    CHECK_SYS(getsockopt(cs, IPPROTO_TCP, TCP_NODELAY, &v, &vl));
    CHECK_EQ(v, 1);
    CHECK_EQ(vl, sizeof v);
    int bufsz = 65536;
    CHECK_SYS(setsockopt(cs, SOL_SOCKET, SO_SNDBUF, &bufsz, sizeof bufsz));
    vl = sizeof v;
    CHECK_SYS(getsockopt(cs, SOL_SOCKET, SO_SNDBUF, &v, &vl));
    CHECK_EQ(v, 2 * bufsz);             /* Linux doubles it */
    vl = sizeof v;
    CHECK_SYS(getsockopt(cs, SOL_SOCKET, SO_TYPE, &v, &vl));
    CHECK_EQ(v, SOCK_STREAM);
    vl = sizeof v;
    CHECK_SYS(getsockopt(cs, SOL_SOCKET, SO_ERROR, &v, &vl));
    CHECK_EQ(v, 0);

    /* struct timeval: SO_RCVTIMEO round trip and effect. */
    struct timeval tv = { 0, 150000 }, tg;
    socklen_t tl = sizeof tg;
    CHECK_SYS(setsockopt(ss, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv));
    CHECK_SYS(getsockopt(ss, SOL_SOCKET, SO_RCVTIMEO, &tg, &tl));
    CHECK_EQ(tl, sizeof tg);
    CHECK_EQ(tg.tv_sec, 0);
    CHECK(tg.tv_usec >= 148000 && tg.tv_usec <= 152000);
    long long t0 = now_ns();
    CHECK_ERR(recv(ss, buf, sizeof buf, 0), EAGAIN);
    long long dt = now_ns() - t0;
    CHECK(dt >= 140000000LL && dt < 2000000000LL);

    struct linger lg = { 1, 7 }, lq;
    socklen_t lgl = sizeof lq;
    CHECK_SYS(setsockopt(cs, SOL_SOCKET, SO_LINGER, &lg, sizeof lg));
    CHECK_SYS(getsockopt(cs, SOL_SOCKET, SO_LINGER, &lq, &lgl));
    CHECK_EQ(lq.l_onoff, 1);
    CHECK_EQ(lq.l_linger, 7);
    /* A too-short option buffer is EINVAL. */
    char tiny = 0;
    CHECK_ERR(setsockopt(cs, SOL_SOCKET, SO_RCVTIMEO, &tiny, 1), EINVAL);
    close(cs);
    close(ss);
    close(ls);
    return check_done();
}
