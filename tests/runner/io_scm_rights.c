/* io_scm_rights: sendmsg/recvmsg over a socketpair with several data iovecs
 * and an SCM_RIGHTS message carrying two descriptors; the received fds
 * work; a too-small control buffer gives MSG_CTRUNC. */
#include "check.h"
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/uio.h>

static int send_fds(int sock, int *fdv, int n, const char *data)
{
    char a[8], b[64];
    size_t len = strlen(data), half = len / 2;
    memcpy(a, data, half);
    memcpy(b, data + half, len - half);
    struct iovec iov[2] = { { a, half }, { b, len - half } };
    union { char buf[CMSG_SPACE(4 * sizeof(int))]; struct cmsghdr align; } u;
    memset(&u, 0, sizeof u);
    struct msghdr m = { .msg_iov = iov, .msg_iovlen = 2, .msg_control = u.buf,
                        .msg_controllen = CMSG_SPACE(n * sizeof(int)) };
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(n * sizeof(int));
    memcpy(CMSG_DATA(c), fdv, n * sizeof(int));
    return (int)sendmsg(sock, &m, 0);
}

int main(void)
{
    int sv[2];
    REQUIRE_SYS(socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
    int p1[2], p2[2];
    REQUIRE_SYS(pipe(p1));
    REQUIRE_SYS(pipe(p2));
    int pass[2] = { p1[0], p2[1] };
    CHECK_EQ(send_fds(sv[0], pass, 2, "hello fds"), 9);

    char d1[4], d2[16];
    memset(d2, 0, sizeof d2);
    struct iovec iov[2] = { { d1, 4 }, { d2, 16 } };
    union { char buf[CMSG_SPACE(8 * sizeof(int))]; struct cmsghdr align; } u;
    struct msghdr m = { .msg_iov = iov, .msg_iovlen = 2, .msg_control = u.buf,
                        .msg_controllen = sizeof u.buf };
    CHECK_EQ(recvmsg(sv[1], &m, MSG_CMSG_CLOEXEC), 9);
    CHECK(memcmp(d1, "hell", 4) == 0 && memcmp(d2, "o fds", 5) == 0);
    CHECK_EQ(m.msg_flags & MSG_CTRUNC, 0);
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    REQUIRE(c != NULL);
    CHECK_EQ(c->cmsg_level, SOL_SOCKET);
    CHECK_EQ(c->cmsg_type, SCM_RIGHTS);
    CHECK_EQ(c->cmsg_len, CMSG_LEN(2 * sizeof(int)));
    CHECK(CMSG_NXTHDR(&m, c) == NULL);
    int got[2];
    memcpy(got, CMSG_DATA(c), sizeof got);
    CHECK(got[0] != p1[0] && got[1] != p2[1]);
    CHECK_EQ(fcntl(got[0], F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
    /* The received read end reads what we write to the original pipe. */
    CHECK_EQ(write(p1[1], "via", 3), 3);
    char r[3];
    CHECK_EQ(read(got[0], r, 3), 3);
    CHECK(memcmp(r, "via", 3) == 0);
    CHECK_EQ(write(got[1], "back", 4), 4);
    char r2[4];
    CHECK_EQ(read(p2[0], r2, 4), 4);
    CHECK(memcmp(r2, "back", 4) == 0);

    /* A control buffer with room for exactly one fd: the first fd arrives,
     * the second is dropped, MSG_CTRUNC is set. */
    CHECK_EQ(send_fds(sv[0], pass, 2, "xy"), 2);
    union { char buf[CMSG_SPACE(2 * sizeof(int))]; struct cmsghdr align; } small;
    memset(&small, 0, sizeof small);
    struct msghdr m2 = { .msg_iov = iov, .msg_iovlen = 1, .msg_control = small.buf,
                         .msg_controllen = CMSG_LEN(sizeof(int)) };
    CHECK_EQ(recvmsg(sv[1], &m2, 0), 2);
    CHECK(m2.msg_flags & MSG_CTRUNC);
    c = CMSG_FIRSTHDR(&m2);
    REQUIRE(c != NULL);
    CHECK_EQ(c->cmsg_type, SCM_RIGHTS);
    CHECK_EQ(c->cmsg_len, CMSG_LEN(sizeof(int)));
    CHECK_EQ(m2.msg_controllen, CMSG_LEN(sizeof(int)));
    int one;
    memcpy(&one, CMSG_DATA(c), sizeof one);
    CHECK_EQ(write(p1[1], "1", 1), 1);
    CHECK_EQ(read(one, r, 1), 1);
    CHECK_EQ(r[0], '1');
    /* No control buffer at all: MSG_CTRUNC and no descriptors. */
    CHECK_EQ(send_fds(sv[0], pass, 1, "z"), 1);
    struct msghdr m3 = { .msg_iov = iov, .msg_iovlen = 1 };
    CHECK_EQ(recvmsg(sv[1], &m3, 0), 1);
    CHECK(m3.msg_flags & MSG_CTRUNC);
    return check_done();
}
