/* io_aio_submit_fault: io_submit stops at the first iocb it cannot use and
 * returns how many it submitted before (fs/aio.c), and those stay submitted:
 * an unreadable iocb pointer, an unreadable iocb, an unreadable iovec array
 * of a PREADV iocb, or a pointer array that runs into an unreadable page.
 * Every iocb the program passed must still hold its own values afterwards
 * (a runner that widens x32 iovecs must not leave an iocb pointing at its own
 * memory), and nothing failed may complete. */
#include "check.h"
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>

static aio_context_t ctx;
static int fd;
static char buf[8];
static struct iovec iov = { buf, sizeof buf };

static void preadv_iocb(struct iocb *cb, uint64_t data, void *vec)
{
    memset(cb, 0, sizeof *cb);
    cb->aio_data = data;
    cb->aio_lio_opcode = IOCB_CMD_PREADV;
    cb->aio_fildes = fd;
    cb->aio_buf = (uintptr_t)vec;
    cb->aio_nbytes = 1;
}

/* Reaps exactly `want` completions, each the 8-byte read of iocb `data`. */
static void reap(int want, uint64_t data)
{
    struct io_event ev[4];
    struct timespec ts = { 5, 0 };
    long got = syscall(SYS_io_getevents, ctx, want, 4, ev, &ts);
    CHECK_EQ(got, want);
    for (long i = 0; i < got && i < 4; i++) {
        CHECK_EQ(ev[i].data, data);
        CHECK_EQ(ev[i].res, sizeof buf);
    }
    /* Nothing else completes later. */
    struct timespec none = { 0, 20000000 };
    CHECK_EQ(syscall(SYS_io_getevents, ctx, 0, 4, ev, &none), 0);
}

int main(void)
{
    fd = open("aio.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
    REQUIRE_SYS(fd);
    REQUIRE(write(fd, "abcdefgh", 8) == 8);
    REQUIRE_SYS(syscall(SYS_io_setup, 8, &ctx));
    /* Two pages: the second one is unreadable. */
    char *pages = mmap(0, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(pages != MAP_FAILED);
    REQUIRE_SYS(mprotect(pages + 4096, 4096, PROT_NONE));
    struct iocb *bad = (struct iocb *)(pages + 4096);

    struct iocb a, b;
    preadv_iocb(&a, 1, &iov);

    /* A good iocb, then an unreadable iocb pointer. */
    struct iocb *list1[2] = { &a, bad };
    CHECK_EQ(syscall(SYS_io_submit, ctx, 2, list1), 1);
    CHECK_EQ(a.aio_buf, (uintptr_t)&iov);
    CHECK_EQ(a.aio_nbytes, 1);
    reap(1, 1);

    /* A good iocb, then one whose iovec array is unreadable. */
    preadv_iocb(&b, 2, bad);
    struct iocb *list2[2] = { &a, &b };
    CHECK_EQ(syscall(SYS_io_submit, ctx, 2, list2), 1);
    CHECK_EQ(a.aio_buf, (uintptr_t)&iov);
    CHECK_EQ(b.aio_buf, (uintptr_t)bad);
    reap(1, 1);

    /* The same two the other way round: nothing submitted, EFAULT. */
    struct iocb *list3[2] = { &b, &a };
    CHECK_ERR(syscall(SYS_io_submit, ctx, 2, list3), EFAULT);
    CHECK_EQ(a.aio_buf, (uintptr_t)&iov);
    CHECK_EQ(b.aio_buf, (uintptr_t)bad);
    reap(0, 0);

    /* The pointer array itself runs into the unreadable page. */
    struct iocb **edge = (struct iocb **)(pages + 4096 - sizeof(struct iocb *));
    edge[0] = &a;
    CHECK_EQ(syscall(SYS_io_submit, ctx, 2, edge), 1);
    CHECK_EQ(a.aio_buf, (uintptr_t)&iov);
    reap(1, 1);

    /* Only bad ones: EFAULT; with a context that does not exist: EINVAL first. */
    CHECK_ERR(syscall(SYS_io_submit, ctx, 1, &bad), EFAULT);
    CHECK_ERR(syscall(SYS_io_submit, ctx, 1, (struct iocb **)bad), EFAULT);
    CHECK_ERR(syscall(SYS_io_submit, (aio_context_t)12345, 1, (struct iocb **)bad), EINVAL);
    CHECK_ERR(syscall(SYS_io_submit, ctx, (long)-1, list1), EINVAL);
    CHECK_EQ(syscall(SYS_io_submit, ctx, 0, (struct iocb **)bad), 0);
    reap(0, 0);

    CHECK_SYS(syscall(SYS_io_destroy, ctx));
    return check_done();
}
