/* The remaining x32-specific calls: siginfo and sigevent conversions,
 * waitid, move_pages and the AIO context calls. */
#include "address_space.h"
#include "emulation.h"
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
static void sigevent_from_x32(const unsigned char *in, struct sigevent *out)
{
    uint32_t v[5];
    mem_copy(v, in, sizeof v);
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

long sys_misc_x32_call(struct thread_state *t, unsigned long nr, const greg_t *g)
{
    volatile int *pend = &t->signal_pending;
    switch (nr) {
    case 523: { /* rt_sigtimedwait(set, info, timeout, sigsetsize) */
        siginfo_t si;
        uint64_t set = 0;
        if (ARG1(g) && ARG4(g) == 8) {
            mem_copy(&set, (const void *)ARG1(g), 8);
            if (take_virtual_sigsys(t, set, &si)) {
                if (ARG2(g))
                    siginfo_to_x32(&si, (unsigned char *)ARG2(g));
                return SIGSYS;
            }
        }
        long r = safe_syscall(pend, SYS_rt_sigtimedwait, (long)ARG1(g),
                              ARG2(g) ? (long)&si : 0, (long)ARG3(g), (long)ARG4(g), 0, 0);
        if (r > 0 && ARG2(g))
            siginfo_to_x32(&si, (unsigned char *)ARG2(g));
        return r;
    }
    case 524: case 536: { /* rt_sigqueueinfo(pid, sig, info), rt_tgsigqueueinfo(tgid, tid, sig, info) */
        siginfo_t si;
        const unsigned char *in = (const unsigned char *)(nr == 524 ? ARG3(g) : ARG4(g));
        siginfo_from_x32(in, &si);
        if (nr == 524)
            return raw_syscall3(SYS_rt_sigqueueinfo, ARG1(g), ARG2(g), &si);
        return raw_syscall4(SYS_rt_tgsigqueueinfo, ARG1(g), ARG2(g), ARG3(g), &si);
    }
    case 526: { /* timer_create(clock, sigevent, timer_t *) */
        struct sigevent ev;
        if (ARG2(g))
            sigevent_from_x32((const unsigned char *)ARG2(g), &ev);
        return raw_syscall3(SYS_timer_create, ARG1(g), ARG2(g) ? &ev : 0, ARG3(g));
    }
    case 527: { /* mq_notify(mqd, sigevent) */
        struct sigevent ev;
        if (ARG2(g))
            sigevent_from_x32((const unsigned char *)ARG2(g), &ev);
        return raw_syscall2(SYS_mq_notify, ARG1(g), ARG2(g) ? &ev : 0);
    }
    case 529: { /* waitid(which, pid, info, options, rusage): rusage is native-sized */
        siginfo_t si;
        mem_set(&si, 0, sizeof si);
        long r = safe_syscall(pend, SYS_waitid, (long)ARG1(g), (long)ARG2(g),
                              ARG3(g) ? (long)&si : 0, (long)ARG4(g), (long)ARG5(g), 0);
        if (!raw_failed(r) && ARG3(g))
            siginfo_to_x32(&si, (unsigned char *)ARG3(g));
        return r;
    }
    case 533: { /* move_pages(pid, count, u32 pages[], nodes, status, flags) */
        uint64_t count = ARG2(g);
        if (count > 4096)
            return -E2BIG; /* keeps the widened array on the altstack */
        void *pages[4096];
        const uint32_t *p = (const uint32_t *)ARG3(g);
        for (uint64_t i = 0; i < count; i++)
            pages[i] = (void *)(uintptr_t)p[i];
        return safe_syscall(pend, SYS_move_pages, (long)ARG1(g), (long)count, (long)pages,
                            (long)ARG4(g), (long)ARG5(g), (long)ARG6(g));
    }
    case 543: { /* io_setup(nr, u32 *ctxp): the ring lands below 4 GiB */
        uint32_t *ctxp = (uint32_t *)ARG2(g);
        if (*ctxp)
            return -EINVAL;
        uint64_t ctx = 0;
        long r = raw_syscall2(SYS_io_setup, ARG1(g), &ctx);
        if (r)
            return r;
        if (!guest_range_ok(ctx, 1)) {
            raw_syscall1(SYS_io_destroy, ctx);
            return -ENOMEM;
        }
        *ctxp = (uint32_t)ctx;
        return 0;
    }
    case 544: { /* io_submit(ctx, nr, u32 iocbpp[]) */
        long n = (long)ARG2(g);
        if (n < 0)
            return -EINVAL;
        if (n > 1024)
            n = 1024;
        void *iocbs[1024];
        const uint32_t *p = (const uint32_t *)ARG3(g);
        for (long i = 0; i < n; i++)
            iocbs[i] = (void *)(uintptr_t)p[i];
        /* Vectored iocbs point at x32 iovec arrays, which the kernel reads
         * during this call: point them at native copies for its duration
         * (the iocb itself must stay the guest's: completions name it). */
        struct iovec iov[1024];
        uint64_t saved_buf[1024];
        long converted = 0, used = 0;
        for (; converted < n; converted++) {
            struct iocb *cb = iocbs[converted];
            if (cb->aio_lio_opcode != IOCB_CMD_PREADV && cb->aio_lio_opcode != IOCB_CMD_PWRITEV) {
                saved_buf[converted] = 0;
                continue;
            }
            if (cb->aio_nbytes > (uint64_t)(1024 - used)) {
                n = converted; /* submit what fits; io_submit may do fewer */
                break;
            }
            const struct x32_iovec *v = (const struct x32_iovec *)(uintptr_t)cb->aio_buf;
            for (uint64_t k = 0; k < cb->aio_nbytes; k++) {
                iov[used + k].iov_base = (void *)(uintptr_t)v[k].base;
                iov[used + k].iov_len = v[k].len;
            }
            saved_buf[converted] = cb->aio_buf;
            cb->aio_buf = (uint64_t)(uintptr_t)&iov[used];
            used += (long)cb->aio_nbytes;
        }
        if (n == 0 && converted == 0 && ARG2(g))
            return -EINVAL;
        long r = raw_syscall3(SYS_io_submit, ARG1(g), n, iocbs);
        for (long i = 0; i < converted; i++)
            if (saved_buf[i])
                ((struct iocb *)iocbs[i])->aio_buf = saved_buf[i];
        return r;
    }
    default: {
        const char *name = syscall_name(nr);
        debug_log("unsupported: %s (x32 syscall %lu)", name ? name : "?", nr);
        return -ENOSYS;
    }
    }
}
