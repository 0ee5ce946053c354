/* sendmsg/recvmsg/sendmmsg/recvmmsg and socket options.
 *
 * x32's msghdr is seven 4-byte words; its cmsghdr has a 4-byte cmsg_len and
 * 4-byte CMSG_ALIGN, against 8 and 8 natively, so every control message is
 * re-laid-out in both directions and truncation is reported with MSG_CTRUNC
 * as the kernel would. */
#include "syscalls/emulation.h"
#include "base/guest_mem.h"
#include "core/core.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include "base/x32_abi.h"
#include "base/x32_syscalls.h"
#include <errno.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#define CONTROL_LIMIT 8192
#define MMSG_LIMIT 64

struct x32_msghdr {
    uint32_t name, namelen, iov, iovlen, control, controllen;
    int32_t flags;
};

struct x32_mmsghdr {
    struct x32_msghdr hdr;
    uint32_t len;
};

struct x32_cmsghdr {
    uint32_t len;
    int32_t level, type;
};

#define X32_ALIGN(n) (((n) + 3u) & ~3u)
#define NATIVE_ALIGN(n) (((n) + 7ul) & ~7ul)

/* x32 control buffer (guest memory) -> native, for sending.  Each header
 * and each payload is read once; the payload length used is the one
 * checked. */
static long control_to_native(uint64_t in, uint32_t inlen, unsigned char *out, size_t cap,
                              size_t *outlen)
{
    size_t o = 0;
    uint32_t i = 0;
    while (i + sizeof(struct x32_cmsghdr) <= inlen) {
        struct x32_cmsghdr h;
        copy_from_guest(&h, in + i, sizeof h);
        if (h.len < sizeof h || h.len > inlen - i)
            return -EINVAL;
        size_t data = h.len - sizeof h;
        size_t need = NATIVE_ALIGN(sizeof(struct cmsghdr) + data);
        if (need > cap - o)
            return -ENOBUFS;
        struct cmsghdr n = {.cmsg_len = sizeof(struct cmsghdr) + data,
                            .cmsg_level = h.level, .cmsg_type = h.type};
        mem_set(out + o, 0, need);
        mem_copy(out + o, &n, sizeof n);
        copy_from_guest(out + o + sizeof n, in + i + sizeof h, data);
        o += need;
        if (X32_ALIGN(h.len) > inlen - i)
            break;
        i += X32_ALIGN(h.len);
    }
    *outlen = o;
    return 0;
}

static void close_fds(const unsigned char *data, size_t bytes)
{
    for (size_t k = 0; k + sizeof(int) <= bytes; k += sizeof(int)) {
        int fd;
        mem_copy(&fd, data + k, sizeof fd);
        raw_syscall1(SYS_close, fd);
    }
}

/* native control buffer -> x32, after receiving, into runner memory (the
 * caller copies it out once).  Returns the bytes used and sets MSG_CTRUNC in
 * *flags when the guest's buffer (cap bytes) was too small.  As in the
 * kernel's scm_detach_fds/put_cmsg: a truncated SCM_RIGHTS keeps the fds
 * that fit (the others are closed), other messages are cut short. */
static uint32_t control_to_x32(const unsigned char *in, size_t inlen, unsigned char *out,
                               uint32_t cap, int32_t *flags)
{
    uint32_t o = 0;
    size_t i = 0;
    int full = 0;
    while (i + sizeof(struct cmsghdr) <= inlen) {
        struct cmsghdr n;
        mem_copy(&n, in + i, sizeof n);
        if (n.cmsg_len < sizeof n || n.cmsg_len > inlen - i)
            break;
        const unsigned char *data = in + i + sizeof n;
        size_t bytes = n.cmsg_len - sizeof n;
        int rights = n.cmsg_level == SOL_SOCKET && n.cmsg_type == SCM_RIGHTS;
        uint32_t len = (uint32_t)(sizeof(struct x32_cmsghdr) + bytes);
        i += NATIVE_ALIGN(n.cmsg_len);
        if (full || len > cap - o) {
            *flags |= MSG_CTRUNC;
            size_t room = !full && sizeof(struct x32_cmsghdr) <= cap - o
                              ? cap - o - sizeof(struct x32_cmsghdr) : 0;
            if (room > bytes)
                room = bytes;
            if (rights)
                room -= room % sizeof(int);
            if (room) {
                struct x32_cmsghdr h = {(uint32_t)(sizeof h + room), n.cmsg_level, n.cmsg_type};
                mem_copy(out + o, &h, sizeof h);
                mem_copy(out + o + sizeof h, data, room);
                o += X32_ALIGN(h.len);
                if (o > cap)
                    o = cap;
            }
            if (rights)
                close_fds(data + room, bytes - room);
            full = 1;
            continue;
        }
        struct x32_cmsghdr h = {len, n.cmsg_level, n.cmsg_type};
        mem_copy(out + o, &h, sizeof h);
        mem_copy(out + o + sizeof h, data, bytes);
        o += X32_ALIGN(len);
        if (o > cap)
            o = cap;
    }
    return o;
}

/* Room for the native copies of one call's iovecs and control buffers,
 * shared by all messages of a sendmmsg/recvmmsg. */
struct msg_pool {
    struct iovec iov[X32_IOV_MAX];
    unsigned char control[CONTROL_LIMIT];
    size_t iov_used, control_used;
};

/* Reads the guest's msghdr at `addr` once into *m (kept for the write-back)
 * and builds the native one from that copy only. */
static long msghdr_to_native(uint64_t addr, struct x32_msghdr *m, struct msghdr *n,
                             struct msg_pool *p, int sending)
{
    copy_from_guest(m, addr, sizeof *m);
    if (m->iovlen > X32_IOV_MAX)
        return -EMSGSIZE;
    if (m->iovlen > X32_IOV_MAX - p->iov_used)
        return -ENOBUFS;
    struct iovec *iov = p->iov + p->iov_used;
    long r = import_x32_iovec(iov, m->iov, m->iovlen);
    if (r)
        return r;
    p->iov_used += m->iovlen;
    n->msg_name = (void *)(uintptr_t)m->name;
    n->msg_namelen = m->namelen;
    n->msg_iov = iov;
    n->msg_iovlen = m->iovlen;
    n->msg_flags = m->flags;
    n->msg_control = 0;
    n->msg_controllen = 0;
    if (m->control && m->controllen) {
        unsigned char *ctl = p->control + p->control_used;
        size_t room = CONTROL_LIMIT - p->control_used;
        size_t len;
        if (sending) {
            r = control_to_native(m->control, m->controllen, ctl, room, &len);
            if (r)
                return r;
        } else {
            /* Native messages are larger: allow for 4 extra bytes of header
             * and 4 of alignment per message of the smallest (4-byte) kind. */
            len = (size_t)m->controllen * 2 + 16;
            if (len > room)
                len = room;
        }
        n->msg_control = ctl;
        n->msg_controllen = len;
        p->control_used += NATIVE_ALIGN(len);
        if (p->control_used > CONTROL_LIMIT)
            p->control_used = CONTROL_LIMIT;
    }
    return 0;
}

/* After a receive: the fields the kernel writes back, at their offsets in the
 * guest's msghdr, and the control messages re-laid-out for x32.  `m` is the
 * copy read before the call, so the buffer written is the one checked. */
static void msghdr_back_to_x32(uint64_t addr, const struct x32_msghdr *m,
                               const struct msghdr *n)
{
    int32_t flags = n->msg_flags;
    uint32_t namelen = n->msg_namelen, controllen = 0;
    if (m->control && m->controllen) {
        /* x32 messages are never longer than the native ones, which fit in
         * CONTROL_LIMIT, so a buffer that size never truncates on its own. */
        unsigned char out[CONTROL_LIMIT];
        uint32_t cap = m->controllen < CONTROL_LIMIT ? m->controllen : CONTROL_LIMIT;
        controllen = control_to_x32(n->msg_control, n->msg_controllen, out, cap, &flags);
        copy_to_guest(m->control, out, controllen);
    }
    copy_to_guest(addr + __builtin_offsetof(struct x32_msghdr, namelen), &namelen, 4);
    copy_to_guest(addr + __builtin_offsetof(struct x32_msghdr, controllen), &controllen, 4);
    copy_to_guest(addr + __builtin_offsetof(struct x32_msghdr, flags), &flags, 4);
}

long sys_msg_call(struct thread_state *t, unsigned long nr, const greg_t *g)
{
    struct msg_pool pool;
    pool.iov_used = pool.control_used = 0;
    long fd = (long)ARG1(g), r;
    /* The kernel looks the socket up before it reads the message headers: a bad
     * descriptor is EBADF (or ENOTSOCK) even when the headers are not readable. */
    struct stat st;
    if ((r = raw_syscall2(SYS_fstat, fd, &st)))
        return r;
    if (!S_ISSOCK(st.st_mode))
        return -ENOTSOCK;
    if (nr == X32_NR_sendmsg || nr == X32_NR_recvmsg) {
        struct msghdr n;
        struct x32_msghdr m;
        if ((r = msghdr_to_native(ARG2(g), &m, &n, &pool, nr == X32_NR_sendmsg)))
            return r;
        r = safe_syscall(&t->signal_pending, nr == X32_NR_sendmsg ? SYS_sendmsg : SYS_recvmsg, fd,
                         (long)&n, (long)ARG3(g), 0, 0, 0);
        if (nr == X32_NR_recvmsg && !raw_failed(r))
            msghdr_back_to_x32(ARG2(g), &m, &n);
        return r;
    }
    /* sendmmsg(fd, vec, vlen, flags) / recvmmsg(fd, vec, vlen, flags, timeout):
     * one native call, so MSG_WAITFORONE and the timeout keep their meaning.
     * A vector too big for the runner's buffers is shortened, which both
     * calls allow (they return how many messages were done). */
    struct mmsghdr msgs[MMSG_LIMIT];
    struct x32_msghdr copies[MMSG_LIMIT];
    uint64_t vec = ARG2(g);
    uint64_t vlen = ARG3(g) > MMSG_LIMIT ? MMSG_LIMIT : ARG3(g);
    uint64_t k = 0;
    for (; k < vlen; k++) {
        r = msghdr_to_native(vec + k * sizeof(struct x32_mmsghdr), &copies[k],
                             &msgs[k].msg_hdr, &pool, nr == X32_NR_sendmmsg);
        if (r == -ENOBUFS && k > 0)
            break;
        if (r)
            return r;
        msgs[k].msg_len = 0;
    }
    r = safe_syscall(&t->signal_pending, nr == X32_NR_sendmmsg ? SYS_sendmmsg : SYS_recvmmsg, fd,
                     (long)msgs, (long)k, (long)ARG4(g), (long)ARG5(g), 0);
    for (long i = 0; !raw_failed(r) && i < r && (uint64_t)i < k; i++) {
        uint64_t at = vec + (uint64_t)i * sizeof(struct x32_mmsghdr);
        if (nr == X32_NR_recvmmsg)
            msghdr_back_to_x32(at, &copies[i], &msgs[i].msg_hdr);
        uint32_t len = msgs[i].msg_len;
        copy_to_guest(at + __builtin_offsetof(struct x32_mmsghdr, len), &len, 4);
    }
    return r;
}

/* struct sock_fprog: {u16 len; u32 filter} on x32, {u16 len; u64 filter}. */
long sys_sockopt_call(struct thread_state *t, unsigned long nr, const greg_t *g)
{
    long level = (long)(int)ARG2(g), name = (long)(int)ARG3(g);
    if (nr == X32_NR_setsockopt && level == SOL_SOCKET &&
        (name == SO_ATTACH_FILTER || name == SO_ATTACH_REUSEPORT_CBPF)) {
        struct { unsigned short len; void *filter; } prog;
        uint32_t in[2];
        copy_from_guest(in, ARG4(g), sizeof in);
        mem_copy(&prog.len, &in[0], 2);
        prog.filter = (void *)(uintptr_t)in[1];
        return safe_syscall(&t->signal_pending, SYS_setsockopt, (long)ARG1(g), level, name,
                            (long)&prog, sizeof prog, 0);
    }
    return forward(t, nr == X32_NR_setsockopt ? SYS_setsockopt : SYS_getsockopt, g);
}
