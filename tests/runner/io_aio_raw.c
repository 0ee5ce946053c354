/* io_aio_raw: Linux native AIO through the raw system calls (io_setup,
 * io_submit with an array of iocb pointers, io_getevents, io_destroy):
 * a pwrite and a pread at a 64-bit offset complete with the right results. */
#include "check.h"
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <sys/syscall.h>

int main(void)
{
    aio_context_t ctx = 0;
    REQUIRE_SYS(syscall(SYS_io_setup, 8, &ctx));
    CHECK(ctx != 0);
    int fd = open("aio.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
    REQUIRE_SYS(fd);
    static char wbuf[4096] = "aio payload", rbuf[4096];
    struct iocb w, r;
    memset(&w, 0, sizeof w);
    memset(&r, 0, sizeof r);
    w.aio_data = 0x1111222233334444ULL;
    w.aio_lio_opcode = IOCB_CMD_PWRITE;
    w.aio_fildes = fd;
    w.aio_buf = (uintptr_t)wbuf;
    w.aio_nbytes = 4096;
    w.aio_offset = 0x100000000LL;
    struct iocb *list[1] = { &w };
    CHECK_EQ(syscall(SYS_io_submit, ctx, 1, list), 1);
    struct io_event ev[2];
    memset(ev, 0, sizeof ev);
    struct timespec ts = { 5, 0 };
    CHECK_EQ(syscall(SYS_io_getevents, ctx, 1, 2, ev, &ts), 1);
    CHECK_EQ(ev[0].data, 0x1111222233334444ULL);
    CHECK_EQ(ev[0].obj, (uintptr_t)&w);
    CHECK_EQ(ev[0].res, 4096);

    r.aio_data = 7;
    r.aio_lio_opcode = IOCB_CMD_PREAD;
    r.aio_fildes = fd;
    r.aio_buf = (uintptr_t)rbuf;
    r.aio_nbytes = 4096;
    r.aio_offset = 0x100000000LL;
    struct iocb *list2[2] = { &r, &w };
    w.aio_data = 8;
    w.aio_offset = 0;
    CHECK_EQ(syscall(SYS_io_submit, ctx, 2, list2), 2);
    memset(ev, 0, sizeof ev);
    CHECK_EQ(syscall(SYS_io_getevents, ctx, 2, 2, ev, &ts), 2);
    for (int i = 0; i < 2; i++) {
        CHECK_EQ(ev[i].res, 4096);
        CHECK(ev[i].data == 7 || ev[i].data == 8);
    }
    CHECK_STR(rbuf, "aio payload");
    CHECK_SYS(syscall(SYS_io_destroy, ctx));
    close(fd);
    return check_done();
}
