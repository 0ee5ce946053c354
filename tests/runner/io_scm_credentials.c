/* io_scm_credentials: with SO_PASSCRED the receiver gets an SCM_CREDENTIALS
 * message with the sender's pid, uid and gid, and a sender may pass its own
 * credentials explicitly; SO_PEERCRED reports the peer. */
#include "check.h"
#include <sys/socket.h>
#include <sys/uio.h>

int main(void)
{
    int sv[2];
    REQUIRE_SYS(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv));
    int on = 1;
    CHECK_SYS(setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &on, sizeof on));
    int v = 0;
    socklen_t vl = sizeof v;
    CHECK_SYS(getsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &v, &vl));
    CHECK_EQ(v, 1);

    /* Implicit credentials, from a child. */
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0)
        _exit(send(sv[0], "c", 1, 0) == 1 ? 0 : 1);
    CHECK_EXITED(wait_status(pid), 0);
    char d;
    struct iovec iov = { &d, 1 };
    union { char buf[CMSG_SPACE(sizeof(struct ucred))]; struct cmsghdr align; } u;
    struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf,
                        .msg_controllen = sizeof u.buf };
    CHECK_EQ(recvmsg(sv[1], &m, 0), 1);
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    REQUIRE(c != NULL);
    CHECK_EQ(c->cmsg_level, SOL_SOCKET);
    CHECK_EQ(c->cmsg_type, SCM_CREDENTIALS);
    CHECK_EQ(c->cmsg_len, CMSG_LEN(sizeof(struct ucred)));
    struct ucred cr;
    memcpy(&cr, CMSG_DATA(c), sizeof cr);
    CHECK_EQ(cr.pid, pid);
    CHECK_EQ(cr.uid, getuid());
    CHECK_EQ(cr.gid, getgid());

    /* Explicit credentials. */
    union { char buf[CMSG_SPACE(sizeof(struct ucred))]; struct cmsghdr align; } s;
    memset(&s, 0, sizeof s);
    struct msghdr sm = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = s.buf,
                         .msg_controllen = sizeof s.buf };
    c = CMSG_FIRSTHDR(&sm);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_CREDENTIALS;
    c->cmsg_len = CMSG_LEN(sizeof(struct ucred));
    struct ucred me = { getpid(), getuid(), getgid() };
    memcpy(CMSG_DATA(c), &me, sizeof me);
    CHECK_EQ(sendmsg(sv[0], &sm, 0), 1);
    m.msg_controllen = sizeof u.buf;
    CHECK_EQ(recvmsg(sv[1], &m, 0), 1);
    c = CMSG_FIRSTHDR(&m);
    REQUIRE(c != NULL);
    memcpy(&cr, CMSG_DATA(c), sizeof cr);
    CHECK_EQ(cr.pid, getpid());

    /* A pid of 0 is refused: ESRCH for root (no such pid), EPERM otherwise. */
    me.pid = 0;
    memcpy(CMSG_DATA(CMSG_FIRSTHDR(&sm)), &me, sizeof me);
    CHECK_ERR(sendmsg(sv[0], &sm, 0), geteuid() == 0 ? ESRCH : EPERM);

    int st[2];
    REQUIRE_SYS(socketpair(AF_UNIX, SOCK_STREAM, 0, st));
    struct ucred peer;
    socklen_t pl = sizeof peer;
    CHECK_SYS(getsockopt(st[0], SOL_SOCKET, SO_PEERCRED, &peer, &pl));
    CHECK_EQ(pl, sizeof peer);
    CHECK_EQ(peer.pid, getpid());
    CHECK_EQ(peer.uid, getuid());
    return check_done();
}
