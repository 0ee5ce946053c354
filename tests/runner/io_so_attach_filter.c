/* io_so_attach_filter: SO_ATTACH_FILTER takes a struct sock_fprog, which
 * holds a pointer: a classic BPF filter that truncates datagrams to 3 bytes
 * and one that drops everything both take effect; SO_DETACH_FILTER undoes. */
#include "check.h"
#include <linux/filter.h>
#include <sys/socket.h>

int main(void)
{
    int sv[2];
    REQUIRE_SYS(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv));
    struct sock_filter keep3[] = { BPF_STMT(BPF_RET | BPF_K, 3) };
    struct sock_fprog prog = { .len = 1, .filter = keep3 };
    CHECK_SYS(setsockopt(sv[1], SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof prog));
    CHECK_EQ(send(sv[0], "abcdef", 6, 0), 6);
    char buf[16];
    CHECK_EQ(recv(sv[1], buf, sizeof buf, 0), 3);
    CHECK(memcmp(buf, "abc", 3) == 0);

    struct sock_filter drop[] = { BPF_STMT(BPF_RET | BPF_K, 0) };
    struct sock_fprog dprog = { .len = 1, .filter = drop };
    CHECK_SYS(setsockopt(sv[1], SOL_SOCKET, SO_ATTACH_FILTER, &dprog, sizeof dprog));
    CHECK_EQ(send(sv[0], "gone", 4, 0), 4);
    CHECK_ERR(recv(sv[1], buf, sizeof buf, MSG_DONTWAIT), EAGAIN);

    int dummy = 0;
    CHECK_SYS(setsockopt(sv[1], SOL_SOCKET, SO_DETACH_FILTER, &dummy, sizeof dummy));
    CHECK_EQ(send(sv[0], "back", 4, 0), 4);
    CHECK_EQ(recv(sv[1], buf, sizeof buf, 0), 4);
    /* An invalid program (jump out of range) is EINVAL. */
    struct sock_filter bad[] = { BPF_JUMP(BPF_JMP | BPF_JA, 5, 0, 0) };
    struct sock_fprog bprog = { .len = 1, .filter = bad };
    CHECK_ERR(setsockopt(sv[1], SOL_SOCKET, SO_ATTACH_FILTER, &bprog, sizeof bprog), EINVAL);
    return check_done();
}
