/* io_cmsg_multi: one message carrying two control messages (SCM_RIGHTS and
 * SCM_CREDENTIALS): both arrive, correctly aligned for this ABI
 * (CMSG_NXTHDR walks from one to the other), with intact payloads. */
#include "check.h"
#include <sys/socket.h>
#include <sys/uio.h>

int main(void)
{
    int sv[2];
    REQUIRE_SYS(socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
    int on = 1;
    CHECK_SYS(setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &on, sizeof on));
    int p[2];
    REQUIRE_SYS(pipe(p));

    union {
        char buf[CMSG_SPACE(3 * sizeof(int)) + CMSG_SPACE(sizeof(struct ucred))];
        struct cmsghdr align;
    } u;
    memset(&u, 0, sizeof u);
    char data[] = "both";
    struct iovec iov = { data, 4 };
    struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf,
                        .msg_controllen = sizeof u.buf };
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(3 * sizeof(int));   /* odd count: 12 bytes of data */
    int fds[3] = { p[0], p[1], p[0] };
    memcpy(CMSG_DATA(c), fds, sizeof fds);
    c = CMSG_NXTHDR(&m, c);
    REQUIRE(c != NULL);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_CREDENTIALS;
    c->cmsg_len = CMSG_LEN(sizeof(struct ucred));
    struct ucred me = { getpid(), getuid(), getgid() };
    memcpy(CMSG_DATA(c), &me, sizeof me);
    CHECK_EQ(sendmsg(sv[0], &m, 0), 4);

    union {
        char buf[256];
        struct cmsghdr align;
    } r;
    memset(&r, 0, sizeof r);
    char in[8];
    struct iovec riov = { in, sizeof in };
    struct msghdr rm = { .msg_iov = &riov, .msg_iovlen = 1, .msg_control = r.buf,
                         .msg_controllen = sizeof r.buf };
    CHECK_EQ(recvmsg(sv[1], &rm, 0), 4);
    CHECK_EQ(rm.msg_flags & MSG_CTRUNC, 0);
    int saw_rights = 0, saw_creds = 0, count = 0;
    for (c = CMSG_FIRSTHDR(&rm); c; c = CMSG_NXTHDR(&rm, c)) {
        count++;
        CHECK_EQ((uintptr_t)c % _Alignof(struct cmsghdr), 0);
        if (c->cmsg_type == SCM_RIGHTS) {
            saw_rights = 1;
            CHECK_EQ(c->cmsg_len, CMSG_LEN(3 * sizeof(int)));
            int got[3];
            memcpy(got, CMSG_DATA(c), sizeof got);
            CHECK_EQ(write(got[1], "z", 1), 1);
            char z = 0;
            CHECK_EQ(read(got[2], &z, 1), 1);
            CHECK_EQ(z, 'z');
        } else if (c->cmsg_type == SCM_CREDENTIALS) {
            saw_creds = 1;
            CHECK_EQ(c->cmsg_len, CMSG_LEN(sizeof(struct ucred)));
            struct ucred cr;
            memcpy(&cr, CMSG_DATA(c), sizeof cr);
            CHECK_EQ(cr.pid, getpid());
            CHECK_EQ(cr.uid, getuid());
        }
    }
    CHECK_EQ(count, 2);
    CHECK(saw_rights);
    CHECK(saw_creds);
    /* msg_controllen covers exactly what was delivered. */
    CHECK(rm.msg_controllen >= CMSG_LEN(3 * sizeof(int)) + CMSG_LEN(sizeof(struct ucred)));
    CHECK(rm.msg_controllen <= CMSG_SPACE(3 * sizeof(int)) + CMSG_SPACE(sizeof(struct ucred)));
    return check_done();
}
