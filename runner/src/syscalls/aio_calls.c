/* The x32 AIO context calls: io_setup (the ring must land below 4 GiB and its
 * context is a u32 there) and io_submit (an array of u32 iocb pointers, and
 * vectored iocbs whose x32 iovecs are widened). */
#include "core/core.h"
#include "syscalls/emulation.h"
#include "base/guest_mem.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include "base/x32_syscalls.h"
#include <errno.h>
#include <linux/aio_abi.h>
#include <sys/syscall.h>
#include <sys/uio.h>


/* One iocb of io_submit: its copy is read once; a vectored one (PREADV/PWRITEV)
 * has its x32 iovecs widened, and the guest's iocb points at the native copy
 * for the duration of the native call only (the iocb itself must be the
 * guest's: completions name it).  Returns what the native io_submit of this
 * one iocb returned: 1, or an error. */
static long submit_one_iocb(uint64_t ctx, uint32_t addr)
{
    struct iocb cb;
    if (try_copy_from_guest(&cb, addr, sizeof cb))
        return -EFAULT;
    void *native = (void *)(uintptr_t)addr;
    if (cb.aio_lio_opcode != IOCB_CMD_PREADV && cb.aio_lio_opcode != IOCB_CMD_PWRITEV)
        return raw_syscall3(SYS_io_submit, ctx, 1, &native);
    /* At most UIO_MAXIOV entries are imported: with more the kernel says
     * EINVAL before it reads any, and a racing guest thread that lowers the
     * count before the kernel reads the iocb still finds its first entries
     * translated.  An array that cannot be read goes in unchanged, and the
     * kernel names the error it would name (an unreadable x32 array is
     * unreadable as a twice as long native one).  Past what was imported the
     * array is zeroed, so the kernel never reads runner addresses. */
    struct iovec iov[X32_IOV_MAX];
    size_t n = cb.aio_nbytes < X32_IOV_MAX ? (size_t)cb.aio_nbytes : X32_IOV_MAX;
    if (import_x32_iovec(iov, cb.aio_buf, n))
        return raw_syscall3(SYS_io_submit, ctx, 1, &native);
    mem_set(iov + n, 0, (X32_IOV_MAX - n) * sizeof iov[0]);
    uint64_t widened = (uint64_t)(uintptr_t)iov;
    uint64_t buf_at = addr + __builtin_offsetof(struct iocb, aio_buf);
    if (try_copy_to_guest(buf_at, &widened, 8))
        return -EFAULT;
    long r = raw_syscall3(SYS_io_submit, ctx, 1, &native);
    /* Put the guest's pointer back whatever the result; if the guest
     * unmapped its iocb meanwhile there is nothing to restore. */
    try_copy_to_guest(buf_at, &cb.aio_buf, 8);
    return r;
}

/* io_submit as the kernel runs it (fs/aio.c): the context is looked up first,
 * then the iocbs are submitted one by one; the first one that fails (an
 * unreadable pointer or iocb included) ends the call, which returns how many
 * were submitted, or that error when none was.  No iocb is left pointing at
 * runner memory, whatever fails. */
static long x32_io_submit(uint64_t ctx, long n, uint64_t iocbpp)
{
    if (n < 0)
        return -EINVAL;
    long r = raw_syscall3(SYS_io_submit, ctx, 0, 0);
    if (r)
        return r;
    long done = 0;
    for (; done < n; done++) {
        uint32_t addr;
        r = try_copy_from_guest(&addr, iocbpp + (uint64_t)done * 4, 4);
        if (!r)
            r = submit_one_iocb(ctx, addr);
        if (r != 1)
            break;
    }
    return done ? done : r;
}

long sys_aio_call(unsigned long nr, const greg_t *g)
{
    switch (nr) {
    case X32_NR_io_setup: { /* (nr, u32 *ctxp): the ring lands below 4 GiB */
        uint32_t old_ctx;
        copy_from_guest(&old_ctx, ARG2(g), 4);
        if (old_ctx)
            return -EINVAL;
        uint64_t ctx = 0;
        long r = raw_syscall2(SYS_io_setup, ARG1(g), &ctx);
        if (r)
            return r;
        if (!guest_range_ok(ctx, 1)) {
            raw_syscall1(SYS_io_destroy, ctx);
            return -ENOMEM;
        }
        uint32_t ctx32 = (uint32_t)ctx;
        if (try_copy_to_guest(ARG2(g), &ctx32, 4)) {
            raw_syscall1(SYS_io_destroy, ctx);
            return -EFAULT;
        }
        return 0;
    }
    case X32_NR_io_submit: /* compat io_submit(u32 ctx, int nr, u32 iocbpp[]): the
                            * context and the count are 32-bit there, so a count
                            * of -1 is EINVAL */
        return x32_io_submit((uint32_t)ARG1(g), (long)(int)ARG2(g), ARG3(g));
    default:
        return -ENOSYS;
    }
}
