/* tests/vm/syscall_table/sockets.c: sockets: recvfrom, sendmsg/recvmsg and their
 * mmsg forms, socket options and SCM_RIGHTS. */

#include "syscall_table.h"

void case_recvfrom(void)
{
    int sv[2];
    out("%s", rv(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv)));
    sendto(sv[0], "datagram", 8, 0, NULL, 0);
    char buf[16] = {0};
    struct sockaddr_un from;
    socklen_t fl = sizeof from;
    memset(&from, 0x55, sizeof from);
    out("recvfrom=%s", rv(recvfrom(sv[1], buf, sizeof buf, 0, (struct sockaddr *)&from, &fl)));
    out("data=%s addrlen=%d family=%d", buf, (int)fl, from.sun_family);
    out("eagain=%s", rv(recvfrom(sv[1], buf, sizeof buf, MSG_DONTWAIT, NULL, NULL)));
    /* A named sender: the address comes back whole. */
    int s = socket(AF_UNIX, SOCK_DGRAM, 0), d = socket(AF_UNIX, SOCK_DGRAM, 0);
    struct sockaddr_un an = {.sun_family = AF_UNIX}, bn = {.sun_family = AF_UNIX};
    snprintf(an.sun_path + 1, 40, "x32st-a-%d", (int)getpid());
    snprintf(bn.sun_path + 1, 40, "x32st-b-%d", (int)getpid());
    socklen_t alen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + strlen(an.sun_path + 1));
    bind(s, (struct sockaddr *)&an, alen);
    bind(d, (struct sockaddr *)&bn, alen);
    sendto(s, "x", 1, 0, (struct sockaddr *)&bn, alen);
    fl = sizeof from;
    recvfrom(d, buf, sizeof buf, 0, (struct sockaddr *)&from, &fl);
    out("named-addrlen=%s same=%s", fl == alen ? "ok" : "wrong",
        memcmp(&from, &an, alen) == 0 ? "yes" : "no");
}

void case_sendmsg_recvmsg(void)
{
    int sv[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
    int one = 1;
    setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &one, sizeof one);
    int fds[2];
    pipe(fds);
    char a[] = "one", b[] = "two";
    struct iovec iov[2] = {{a, 3}, {b, 3}};
    char ctl[CMSG_SPACE(2 * sizeof(int))];
    memset(ctl, 0, sizeof ctl);
    struct msghdr m = {.msg_iov = iov, .msg_iovlen = 2, .msg_control = ctl,
                       .msg_controllen = sizeof ctl};
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(2 * sizeof(int));
    memcpy(CMSG_DATA(c), fds, sizeof fds);
    out("sendmsg=%s", rv(sendmsg(sv[0], &m, 0)));
    char buf[16] = {0};
    struct iovec riov[1] = {{buf, sizeof buf}};
    char rctl[256];
    struct msghdr r = {.msg_iov = riov, .msg_iovlen = 1, .msg_control = rctl,
                       .msg_controllen = sizeof rctl};
    out("recvmsg=%s", rv(recvmsg(sv[1], &r, 0)));
    out("data=%s flags=%d", buf, r.msg_flags);
    int n = 0;
    for (c = CMSG_FIRSTHDR(&r); c; c = CMSG_NXTHDR(&r, c), n++) {
        if (c->cmsg_type == SCM_RIGHTS) {
            int got[2];
            memcpy(got, CMSG_DATA(c), sizeof got);
            struct stat s0, s1;
            fstat(got[0], &s0);
            fstat(fds[0], &s1);
            out("[SCM_RIGHTS len=%u same-pipe=%s]", (unsigned)c->cmsg_len,
                s0.st_ino == s1.st_ino ? "yes" : "no");
        } else if (c->cmsg_type == SCM_CREDENTIALS) {
            struct ucred u;
            memcpy(&u, CMSG_DATA(c), sizeof u);
            out("[SCM_CREDENTIALS len=%u pid=%s uid=%s]", (unsigned)c->cmsg_len,
                pidname(u.pid), uidname(u.uid));
        } else {
            out("[type=%d len=%u]", c->cmsg_type, (unsigned)c->cmsg_len);
        }
    }
    out("controllen=%u", (unsigned)r.msg_controllen);
    /* Too little control space: MSG_CTRUNC, and the fd that did not fit is closed. */
    sendmsg(sv[0], &m, 0);
    char small[CMSG_SPACE(sizeof(int))];
    struct msghdr t = {.msg_iov = riov, .msg_iovlen = 1, .msg_control = small,
                       .msg_controllen = sizeof small};
    int one0 = 0;
    setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &one0, sizeof one0);
    out("truncated=%s", rv(recvmsg(sv[1], &t, 0)));
    out("ctrunc=%s controllen=%u", t.msg_flags & MSG_CTRUNC ? "yes" : "no", (unsigned)t.msg_controllen);
}

void case_mmsg(void)
{
    int sv[2];
    socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
    char d[3][8] = {"m1", "m22", "m333"};
    struct iovec iv[3];
    struct mmsghdr mm[3];
    memset(mm, 0, sizeof mm);
    for (int i = 0; i < 3; i++) {
        iv[i].iov_base = d[i];
        iv[i].iov_len = strlen(d[i]);
        mm[i].msg_hdr.msg_iov = &iv[i];
        mm[i].msg_hdr.msg_iovlen = 1;
    }
    out("sendmmsg=%s", rv(sendmmsg(sv[0], mm, 3, 0)));
    out("lens=%u,%u,%u", mm[0].msg_len,
        mm[1].msg_len, mm[2].msg_len);
    char r[4][8];
    struct iovec riv[4];
    struct mmsghdr rm[4];
    memset(rm, 0, sizeof rm);
    memset(r, 0, sizeof r);
    for (int i = 0; i < 4; i++) {
        riv[i].iov_base = r[i];
        riv[i].iov_len = 8;
        rm[i].msg_hdr.msg_iov = &riv[i];
        rm[i].msg_hdr.msg_iovlen = 1;
    }
    struct timespec ts = {0, 50000000};
    out("recvmmsg=%s", rv(recvmmsg(sv[1], rm, 4, MSG_DONTWAIT, &ts)));
    out("got=%s,%s,%s lens=%u,%u,%u", r[0], r[1], r[2], rm[0].msg_len, rm[1].msg_len,
        rm[2].msg_len);
    out("empty=%s", rv(recvmmsg(sv[1], rm, 4, MSG_DONTWAIT, NULL)));
    struct timespec bad = {0, 2000000000};
    out("bad-timeout=%s", rv(recvmmsg(sv[1], rm, 4, 0, &bad)));
}

void case_sockopt(void)
{
    int s = socket(AF_UNIX, SOCK_DGRAM, 0);
    struct timeval tv = {3, 500000}, got = {0, 0};
    socklen_t l = sizeof got;
    out("SO_RCVTIMEO=%s", rv(setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv)));
    out("get=%s", rv(getsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &got, &l)));
    out("len=%u value=%lld.%06lld", (unsigned)l, (long long)got.tv_sec, (long long)got.tv_usec);
    struct linger lg = {1, 5}, lg2;
    l = sizeof lg2;
    setsockopt(s, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
    out("linger=%s", rv(getsockopt(s, SOL_SOCKET, SO_LINGER, &lg2, &l)));
    out("len=%u %d/%d", (unsigned)l, lg2.l_onoff, lg2.l_linger);
    struct sock_filter insn[1] = {{0x06, 0, 0, 0xffffffff}}; /* BPF_RET|BPF_K: accept */
    struct sock_fprog prog = {1, insn};
    out("SO_ATTACH_FILTER=%s", rv(setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof prog)));
    out("detach=%s", rv(setsockopt(s, SOL_SOCKET, SO_DETACH_FILTER, &prog, sizeof prog)));
    int type = 0;
    l = sizeof type;
    out("SO_TYPE=%s", rv(getsockopt(s, SOL_SOCKET, SO_TYPE, &type, &l)));
    out("%s", type == SOCK_DGRAM ? "DGRAM" : "other");
    int sv[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
    struct ucred cr;
    l = sizeof cr;
    out("SO_PEERCRED=%s", rv(getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &cr, &l)));
    out("len=%u pid=%s uid=%s", (unsigned)l, pidname(cr.pid), uidname(cr.uid));
    l = 2;
    out("short=%s", rv(getsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &got, &l)));
    out("enoprotoopt=%s", rv(setsockopt(s, SOL_SOCKET, 9999, &type, sizeof type)));
}

void case_scm_rights(void)
{
    int sv[2];
    out("%s", rv(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv)));
    int a = open(shm_path("r1"), O_RDWR | O_CREAT | O_TRUNC, 0600);
    int b = open(shm_path("r2"), O_RDWR | O_CREAT | O_TRUNC, 0600);
    write(a, "A", 1);
    write(b, "BB", 2);
    int fds[3] = {a, b, a};
    char ctl[CMSG_SPACE(sizeof fds)];
    memset(ctl, 0, sizeof ctl);
    char byte = 'x';
    struct iovec iov = {&byte, 1};
    struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl};
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof fds);
    memcpy(CMSG_DATA(c), fds, sizeof fds);
    out("send=%s controllen=%zu", rv(sendmsg(sv[0], &m, 0)), sizeof ctl);
    char rctl[CMSG_SPACE(sizeof fds)];
    struct msghdr r = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = rctl, .msg_controllen = sizeof rctl};
    out("recv=%s", rv(recvmsg(sv[1], &r, MSG_CMSG_CLOEXEC)));
    c = CMSG_FIRSTHDR(&r);
    int got[3] = {-1, -1, -1};
    if (c)
        memcpy(got, CMSG_DATA(c), sizeof got);
    out("cmsg_len=%u", c ? (unsigned)c->cmsg_len : 0);
    for (int i = 0; i < 3; i++) {
        struct stat st;
        fstat(got[i], &st);
        out("fd%d: size=%lld cloexec=%s", i, (long long)st.st_size,
            fcntl(got[i], F_GETFD) & FD_CLOEXEC ? "yes" : "no");
    }
    int bad = 999;
    memcpy(CMSG_DATA(CMSG_FIRSTHDR(&m)), (int[3]){bad, bad, bad}, sizeof fds);
    out("ebadf=%s", rv(sendmsg(sv[0], &m, 0)));
    unlink(shm_path("r1"));
    unlink(shm_path("r2"));
}
