/* io_udp_cmsgs: UDP control messages with kernel-made payloads:
 * SO_TIMESTAMP (struct timeval), SO_TIMESTAMPNS (struct timespec) and
 * IP_PKTINFO arrive with sane values, and recvfrom reports the sender. */
#include "check.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>

int main(void)
{
    int rs = socket(AF_INET, SOCK_DGRAM, 0), ss = socket(AF_INET, SOCK_DGRAM, 0);
    REQUIRE_SYS(rs);
    REQUIRE_SYS(ss);
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    REQUIRE_SYS(bind(rs, (struct sockaddr *)&a, sizeof a));
    socklen_t al = sizeof a;
    REQUIRE_SYS(getsockname(rs, (struct sockaddr *)&a, &al));
    int on = 1;
    CHECK_SYS(setsockopt(rs, SOL_SOCKET, SO_TIMESTAMP, &on, sizeof on));
    CHECK_SYS(setsockopt(rs, IPPROTO_IP, IP_PKTINFO, &on, sizeof on));
    struct timespec before;
    clock_gettime(CLOCK_REALTIME, &before);
    CHECK_EQ(sendto(ss, "dgram", 5, 0, (struct sockaddr *)&a, sizeof a), 5);

    char buf[16];
    struct iovec iov = { buf, sizeof buf };
    union { char b[512]; struct cmsghdr align; } u;
    struct sockaddr_in from;
    struct msghdr m = { .msg_name = &from, .msg_namelen = sizeof from, .msg_iov = &iov,
                        .msg_iovlen = 1, .msg_control = u.b, .msg_controllen = sizeof u.b };
    CHECK_EQ(recvmsg(rs, &m, 0), 5);
    CHECK_EQ(m.msg_namelen, sizeof from);
    CHECK_EQ(from.sin_addr.s_addr, htonl(INADDR_LOOPBACK));
    int saw_ts = 0, saw_pi = 0;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c)) {
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SO_TIMESTAMP) {
            struct timeval tv;
            CHECK_EQ(c->cmsg_len, CMSG_LEN(sizeof tv));
            memcpy(&tv, CMSG_DATA(c), sizeof tv);
            CHECK(llabs((long long)tv.tv_sec - before.tv_sec) <= 2);
            CHECK(tv.tv_usec >= 0 && tv.tv_usec < 1000000);
            saw_ts = 1;
        } else if (c->cmsg_level == IPPROTO_IP && c->cmsg_type == IP_PKTINFO) {
            struct in_pktinfo pi;
            memcpy(&pi, CMSG_DATA(c), sizeof pi);
            CHECK_EQ(pi.ipi_addr.s_addr, htonl(INADDR_LOOPBACK));
            CHECK(pi.ipi_ifindex > 0);
            saw_pi = 1;
        }
    }
    CHECK(saw_ts);
    CHECK(saw_pi);

    /* Nanosecond timestamps. */
    int off = 0;
    CHECK_SYS(setsockopt(rs, SOL_SOCKET, SO_TIMESTAMP, &off, sizeof off));
    CHECK_SYS(setsockopt(rs, IPPROTO_IP, IP_PKTINFO, &off, sizeof off));
    CHECK_SYS(setsockopt(rs, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on));
    CHECK_EQ(sendto(ss, "again", 5, 0, (struct sockaddr *)&a, sizeof a), 5);
    m.msg_controllen = sizeof u.b;
    m.msg_namelen = sizeof from;
    CHECK_EQ(recvmsg(rs, &m, 0), 5);
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    REQUIRE(c != NULL);
    CHECK_EQ(c->cmsg_type, SO_TIMESTAMPNS);
    struct timespec ts;
    CHECK_EQ(c->cmsg_len, CMSG_LEN(sizeof ts));
    memcpy(&ts, CMSG_DATA(c), sizeof ts);
    CHECK(llabs((long long)ts.tv_sec - before.tv_sec) <= 2);
    CHECK(ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000);
    CHECK(CMSG_NXTHDR(&m, c) == NULL);
    return check_done();
}
