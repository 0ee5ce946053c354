/* The iovec family: x32 passes arrays of 8-byte {u32 base, u32 len}; the
 * native calls want 16-byte struct iovec.  Converted on the altstack, up to
 * IOV_MAX entries (the kernel refuses more with EINVAL too). */
#include "syscalls/emulation.h"
#include "base/guest_mem.h"
#include "core/core.h"
#include "base/x32_abi.h"
#include "base/x32_syscalls.h"
#include <errno.h>
#include <sys/syscall.h>
#include <sys/uio.h>

long import_x32_iovec(struct iovec *dst, uint64_t src, size_t n)
{
    /* In chunks, so each guest entry is read exactly once and the runner's
     * stack holds only a small bounce buffer. */
    struct x32_iovec chunk[64];
    for (size_t done = 0; done < n;) {
        size_t k = n - done < 64 ? n - done : 64;
        long r = try_copy_from_guest(chunk, src + done * sizeof chunk[0], k * sizeof chunk[0]);
        if (r)
            return r;
        for (size_t i = 0; i < k; i++) {
            dst[done + i].iov_base = (void *)(uintptr_t)chunk[i].base;
            dst[done + i].iov_len = chunk[i].len;
        }
        done += k;
    }
    return 0;
}

static long widen_iovec(uint64_t src, uint64_t n, struct iovec *dst)
{
    if (n > X32_IOV_MAX)
        return -EINVAL;
    return import_x32_iovec(dst, src, (size_t)n);
}

static long call(struct thread_state *t, long nr, long a1, long a2, long a3, long a4,
                 long a5, long a6)
{
    return safe_syscall(&t->signal_pending, nr, a1, a2, a3, a4, a5, a6);
}

long sys_iovec_call(struct thread_state *t, unsigned long nr, const greg_t *g)
{
    struct iovec iov[X32_IOV_MAX], iov2[X32_IOV_MAX];
    long fd = (long)ARG1(g), r;
    switch (nr) {
    case X32_NR_readv:    /* (fd, vec, vlen) */
    case X32_NR_writev:
    case X32_NR_vmsplice: /* (fd, vec, nr_segs, flags) */
        if ((r = widen_iovec(ARG2(g), ARG3(g), iov)))
            return r;
        return call(t, nr == X32_NR_readv    ? SYS_readv
                       : nr == X32_NR_writev ? SYS_writev
                                             : SYS_vmsplice,
                    fd, (long)iov, (long)ARG3(g), (long)ARG4(g), 0, 0);
    case X32_NR_preadv: /* (fd, vec, vlen, pos): native splits pos */
    case X32_NR_pwritev:
        if ((r = widen_iovec(ARG2(g), ARG3(g), iov)))
            return r;
        return call(t, nr == X32_NR_preadv ? SYS_preadv : SYS_pwritev, fd, (long)iov,
                    (long)ARG3(g), (long)ARG4(g), 0, 0);
    case X32_NR_preadv2: /* (fd, vec, vlen, pos, flags): flags move from arg 5 to arg 6 */
    case X32_NR_pwritev2:
        if ((r = widen_iovec(ARG2(g), ARG3(g), iov)))
            return r;
        return call(t, nr == X32_NR_preadv2 ? SYS_preadv2 : SYS_pwritev2, fd, (long)iov,
                    (long)ARG3(g), (long)ARG4(g), 0, (long)ARG5(g));
    case X32_NR_process_vm_readv: /* (pid, lvec, liovcnt, rvec, riovcnt, flags) */
    case X32_NR_process_vm_writev:
        if ((r = widen_iovec(ARG2(g), ARG3(g), iov)) || (r = widen_iovec(ARG4(g), ARG5(g), iov2)))
            return r;
        return call(t, nr == X32_NR_process_vm_readv ? SYS_process_vm_readv
                                                     : SYS_process_vm_writev,
                    fd, (long)iov, (long)ARG3(g), (long)iov2, (long)ARG5(g), (long)ARG6(g));
    case SYS_process_madvise: /* (pidfd, vec, vlen, advice, flags): a "common"
                               * call that imports compat iovecs on x32 */
        if ((r = widen_iovec(ARG2(g), ARG3(g), iov)))
            return r;
        return call(t, SYS_process_madvise, fd, (long)iov, (long)ARG3(g), (long)ARG4(g),
                    (long)ARG5(g), 0);
    default:
        return -ENOSYS;
    }
}
