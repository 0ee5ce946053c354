/* The remaining x32-specific calls: siginfo and sigevent conversions,
 * waitid, move_pages and the AIO context calls. */
#include "address_space.h"
#include "emulation.h"
#include "guest_mem.h"
#include "raw_syscall.h"
#include "signals.h"
#include "syscall_table.h"
#include "trap.h"
#include "util.h"
#include "x32_abi.h"
#include <errno.h>
#include <signal.h>
#include <linux/aio_abi.h>
#include <sys/syscall.h>
#include <sys/uio.h>

extern long safe_syscall(volatile int *, long, long, long, long, long, long, long);

/* compat_sigevent: {u32 sigval; int signo; int notify; union at 12 (tid, or
 * u32 function + u32 attribute)}; native has an 8-byte sigval and the union
 * at 16.  glibc implements SIGEV_THREAD itself, so the kernel only sees
 * SIGNAL/NONE/THREAD_ID. */
static void sigevent_from_x32(uint64_t in, struct sigevent *out)
{
    uint32_t v[5];
    copy_from_guest(v, in, sizeof v);
    mem_set(out, 0, sizeof *out);
    out->sigev_value.sival_ptr = (void *)(uintptr_t)v[0];
    out->sigev_signo = (int)v[1];
    out->sigev_notify = (int)v[2];
    unsigned char *n = (unsigned char *)out;
    mem_copy(n + 16, &v[3], 4); /* _tid, or the low word of the thread pair */
    uint64_t fn = v[3], attr = v[4];
    if (out->sigev_notify == SIGEV_THREAD) {
        mem_copy(n + 16, &fn, 8);
        mem_copy(n + 24, &attr, 8);
    }
}

static void siginfo_out(uint64_t addr, const siginfo_t *si)
{
    unsigned char out[X32_SIGINFO_SIZE];
    siginfo_to_x32(si, out);
    copy_to_guest(addr, out, sizeof out);
}

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

long sys_misc_x32_call(struct thread_state *t, unsigned long nr, const greg_t *g)
{
    volatile int *pend = &t->signal_pending;
    switch (nr) {
    case 523: { /* rt_sigtimedwait(set, info, timeout, sigsetsize) */
        siginfo_t si;
        uint64_t set = 0;
        /* The kernel gets the runner's copy of the set: the one looked at here. */
        if (ARG1(g) && ARG4(g) == 8) {
            copy_from_guest(&set, ARG1(g), 8);
            if (take_virtual_sigsys(t, set, &si)) {
                if (ARG2(g))
                    siginfo_out(ARG2(g), &si);
                return SIGSYS;
            }
        }
        long r = safe_syscall(pend, SYS_rt_sigtimedwait,
                              ARG1(g) && ARG4(g) == 8 ? (long)&set : (long)ARG1(g),
                              ARG2(g) ? (long)&si : 0, (long)ARG3(g), (long)ARG4(g), 0, 0);
        if (r > 0 && ARG2(g))
            siginfo_out(ARG2(g), &si);
        return r;
    }
    case 524: case 536: { /* rt_sigqueueinfo(pid, sig, info), rt_tgsigqueueinfo(tgid, tid, sig, info) */
        siginfo_t si;
        unsigned char in[X32_SIGINFO_SIZE];
        copy_from_guest(in, nr == 524 ? ARG3(g) : ARG4(g), sizeof in);
        siginfo_from_x32(in, &si);
        if (nr == 524)
            return raw_syscall3(SYS_rt_sigqueueinfo, ARG1(g), ARG2(g), &si);
        return raw_syscall4(SYS_rt_tgsigqueueinfo, ARG1(g), ARG2(g), ARG3(g), &si);
    }
    case 526: { /* timer_create(clock, sigevent, timer_t *) */
        struct sigevent ev;
        if (ARG2(g))
            sigevent_from_x32(ARG2(g), &ev);
        return raw_syscall3(SYS_timer_create, ARG1(g), ARG2(g) ? &ev : 0, ARG3(g));
    }
    case 527: { /* mq_notify(mqd, sigevent) */
        struct sigevent ev;
        if (ARG2(g))
            sigevent_from_x32(ARG2(g), &ev);
        return raw_syscall2(SYS_mq_notify, ARG1(g), ARG2(g) ? &ev : 0);
    }
    case 529: { /* waitid(which, pid, info, options, rusage): rusage is native-sized */
        siginfo_t si;
        mem_set(&si, 0, sizeof si);
        long r = safe_syscall(pend, SYS_waitid, (long)ARG1(g), (long)ARG2(g),
                              ARG3(g) ? (long)&si : 0, (long)ARG4(g), (long)ARG5(g), 0);
        if (!raw_failed(r) && ARG3(g))
            siginfo_out(ARG3(g), &si);
        return r;
    }
    case 533: { /* move_pages(pid, count, u32 pages[], nodes, status, flags) */
        uint64_t count = ARG2(g);
        if (count > 4096)
            return -E2BIG; /* keeps the widened array on the altstack */
        void *pages[4096];
        uint32_t chunk[256];
        for (uint64_t i = 0; i < count; i += 256) {
            uint64_t k = count - i < 256 ? count - i : 256;
            copy_from_guest(chunk, ARG3(g) + i * 4, k * 4);
            for (uint64_t j = 0; j < k; j++)
                pages[i + j] = (void *)(uintptr_t)chunk[j];
        }
        return safe_syscall(pend, SYS_move_pages, (long)ARG1(g), (long)count, (long)pages,
                            (long)ARG4(g), (long)ARG5(g), (long)ARG6(g));
    }
    case 543: { /* io_setup(nr, u32 *ctxp): the ring lands below 4 GiB */
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
    case 544: /* compat io_submit(u32 ctx, int nr, u32 iocbpp[]): the context and
               * the count are 32-bit there, so a count of -1 is EINVAL */
        return x32_io_submit((uint32_t)ARG1(g), (long)(int)ARG2(g), ARG3(g));
    default: {
        const char *name = syscall_name(nr);
        debug_log("unsupported: %s (x32 syscall %lu)", name ? name : "?", nr);
        return -ENOSYS;
    }
    }
}
