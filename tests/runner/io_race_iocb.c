/* io_race_iocb: a guest thread flips a PREADV iocb's aio_nbytes (its iovec
 * count) between 1 and 60000 (more than UIO_MAXIOV) while another submits it
 * with io_submit.  The kernel reads the iocb once, so each submission must
 * give the answer for one of the two values: submitted and completed with
 * the file's 8 bytes, or EINVAL.  A runner that checks the count and then
 * reads it again as a loop bound overflows its own stack here.  Afterwards
 * the iocb must still point at the program's own iovec array. */
// build: -pthread
#include "check.h"
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#define BIG_COUNT 60000
#define ROUNDS 3000

static struct iovec iovs[BIG_COUNT];
static struct iocb cb;
static atomic_int stop;

static void dwell(void)
{
    for (volatile int i = 0; i < 200; i++) {
    }
}

static void *flipper(void *arg)
{
    (void)arg;
    volatile __u64 *n = &cb.aio_nbytes;
    while (!atomic_load_explicit(&stop, memory_order_relaxed)) {
        /* Each value stays a while, so that a kernel's one read sees
         * either of them, even on a single (or emulated) CPU. */
        *n = 1;
        dwell();
        *n = BIG_COUNT;
        dwell();
    }
    return 0;
}

int main(void)
{
    int fd = open("race.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
    REQUIRE_SYS(fd);
    REQUIRE(write(fd, "12345678", 8) == 8);
    aio_context_t ctx = 0;
    REQUIRE_SYS(syscall(SYS_io_setup, 4, &ctx));
    static char buf[8];
    for (int i = 0; i < BIG_COUNT; i++) {
        iovs[i].iov_base = buf;
        iovs[i].iov_len = 0;
    }
    iovs[0].iov_len = sizeof buf;
    cb.aio_lio_opcode = IOCB_CMD_PREADV;
    cb.aio_fildes = fd;
    cb.aio_buf = (uintptr_t)iovs;
    cb.aio_nbytes = 1;
    struct iocb *list[1] = { &cb };

    pthread_t th;
    REQUIRE(pthread_create(&th, 0, flipper, 0) == 0);
    long done = 0, refused = 0;
    /* At least ROUNDS calls, and on until both answers were seen (bounded). */
    long long t0 = now_ns();
    for (int i = 0; (i < ROUNDS || !(done && refused)) && i < 50 * ROUNDS &&
                    now_ns() - t0 < 8000000000LL && check_failures == 0; i++) {
        memset(buf, 0, sizeof buf);
        long r = syscall(SYS_io_submit, ctx, 1, list);
        if (r == 1) {
            done++;
            struct io_event ev;
            struct timespec ts = { 5, 0 };
            if (CHECK_EQ(syscall(SYS_io_getevents, ctx, 1, 1, &ev, &ts), 1)) {
                CHECK_EQ(ev.res, sizeof buf);
                CHECK(memcmp(buf, "12345678", sizeof buf) == 0);
            }
        } else if (r == -1 && errno == EINVAL) {
            refused++;
        } else {
            CHECK_EQ(r, 1); /* neither answer */
        }
        CHECK_EQ(cb.aio_buf, (uintptr_t)iovs);
    }
    atomic_store(&stop, 1);
    pthread_join(th, 0);
    CHECK(done > 0);
    CHECK(refused > 0);
    if (check_failures) fprintf(stderr, "done %ld refused %ld\n", done, refused);
    CHECK_SYS(syscall(SYS_io_destroy, ctx));
    return check_done();
}
