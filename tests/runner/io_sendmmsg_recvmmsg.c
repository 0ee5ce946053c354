/* io_sendmmsg_recvmmsg: sendmmsg sends several datagrams in one call and
 * recvmmsg receives them, filling msg_len per message; recvmmsg honours
 * MSG_DONTWAIT and its timeout. */
#include "check.h"
#include <sys/socket.h>
#include <sys/uio.h>

int main(void)
{
    int sv[2];
    REQUIRE_SYS(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv));
    const char *texts[3] = { "one", "three", "seventeen chars!!" };
    struct iovec siov[3];
    struct mmsghdr smsg[3];
    memset(smsg, 0, sizeof smsg);
    for (int i = 0; i < 3; i++) {
        siov[i].iov_base = (void *)texts[i];
        siov[i].iov_len = strlen(texts[i]);
        smsg[i].msg_hdr.msg_iov = &siov[i];
        smsg[i].msg_hdr.msg_iovlen = 1;
    }
    CHECK_EQ(sendmmsg(sv[0], smsg, 3, 0), 3);
    for (int i = 0; i < 3; i++)
        CHECK_EQ(smsg[i].msg_len, strlen(texts[i]));

    char bufs[4][32];
    struct iovec riov[4];
    struct mmsghdr rmsg[4];
    memset(rmsg, 0, sizeof rmsg);
    memset(bufs, 0, sizeof bufs);
    for (int i = 0; i < 4; i++) {
        riov[i].iov_base = bufs[i];
        riov[i].iov_len = sizeof bufs[i];
        rmsg[i].msg_hdr.msg_iov = &riov[i];
        rmsg[i].msg_hdr.msg_iovlen = 1;
    }
    CHECK_EQ(recvmmsg(sv[1], rmsg, 4, MSG_DONTWAIT, NULL), 3);
    for (int i = 0; i < 3; i++) {
        CHECK_EQ(rmsg[i].msg_len, strlen(texts[i]));
        CHECK_STR(bufs[i], texts[i]);
    }
    CHECK_ERR(recvmmsg(sv[1], rmsg, 4, MSG_DONTWAIT, NULL), EAGAIN);
    /* MSG_WAITFORONE returns after the first message. */
    CHECK_EQ(send(sv[0], "x", 1, 0), 1);
    CHECK_EQ(recvmmsg(sv[1], rmsg, 4, MSG_WAITFORONE, NULL), 1);
    CHECK_EQ(rmsg[0].msg_len, 1);
    return check_done();
}
