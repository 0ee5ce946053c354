/* io_race_msghdr: a guest thread flips msg_iovlen between 1 and 60000 (more
 * than UIO_MAXIOV) while another calls sendmsg and recvmsg on that msghdr.
 * The kernel reads the msghdr once, so every call must give the answer for
 * one of the two values: the 4-byte datagram, or EMSGSIZE.  A runner that
 * checks the field and then reads it again as a loop bound overflows its
 * own stack here. */
// build: -pthread
#include "check.h"
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <sys/socket.h>
#include <sys/uio.h>

#define BIG_IOVLEN 60000
#define ROUNDS 4000

static struct iovec iovs[BIG_IOVLEN];
static struct msghdr msg;
static atomic_int stop;

static void dwell(void)
{
    for (volatile int i = 0; i < 200; i++) {
    }
}

static void *flipper(void *arg)
{
    (void)arg;
    volatile size_t *len = (volatile size_t *)&msg.msg_iovlen;
    while (!atomic_load_explicit(&stop, memory_order_relaxed)) {
        /* Each value stays a while, so that a kernel's one read sees
         * either of them, even on a single (or emulated) CPU. */
        *len = 1;
        dwell();
        *len = BIG_IOVLEN;
        dwell();
    }
    return 0;
}

int main(void)
{
    int sv[2];
    REQUIRE_SYS(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv));
    static char out[4] = "ping", in[4];
    for (int i = 0; i < BIG_IOVLEN; i++) {
        iovs[i].iov_base = out;
        iovs[i].iov_len = 0;
    }
    iovs[0].iov_len = sizeof out;
    msg.msg_iov = iovs;
    msg.msg_iovlen = 1;

    pthread_t th;
    REQUIRE(pthread_create(&th, 0, flipper, 0) == 0);
    long sent = 0, too_big = 0;
    /* At least ROUNDS calls, and on until both answers were seen (bounded). */
    long long t0 = now_ns();
    for (int i = 0; (i < ROUNDS || !(sent && too_big)) && i < 50 * ROUNDS &&
                    now_ns() - t0 < 8000000000LL && check_failures == 0; i++) {
        ssize_t r = sendmsg(sv[0], &msg, MSG_DONTWAIT);
        if (r == (ssize_t)sizeof out) {
            sent++;
            CHECK_EQ(recv(sv[1], in, sizeof in, MSG_DONTWAIT), sizeof in);
        } else if (r == -1 && errno == EMSGSIZE) {
            too_big++;
        } else {
            CHECK_EQ(r, sizeof out); /* neither answer */
        }
    }

    /* recvmsg: the same msghdr (iov[0] now receives), a datagram waiting. */
    iovs[0].iov_base = in;
    for (int i = 0; i < ROUNDS && check_failures == 0; i++) {
        memset(in, 0, sizeof in);
        CHECK_EQ(send(sv[0], out, sizeof out, MSG_DONTWAIT), sizeof out);
        for (long tries = 0;; tries++) {
            ssize_t r = recvmsg(sv[1], &msg, MSG_DONTWAIT);
            if (r == -1 && errno == EMSGSIZE && tries < 100000) {
                if (tries % 100 == 99)
                    sched_yield(); /* let the flipper run on a single CPU */
                continue; /* the datagram stays queued: try again */
            }
            if (CHECK_EQ(r, sizeof in))
                CHECK(memcmp(in, out, sizeof in) == 0);
            break;
        }
    }
    atomic_store(&stop, 1);
    pthread_join(th, 0);
    /* Both values must have been seen at least once, or nothing raced. */
    CHECK(sent > 0);
    CHECK(too_big > 0);
    return check_done();
}
