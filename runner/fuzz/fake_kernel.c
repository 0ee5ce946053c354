/* The guest-memory image and stand-in kernel of fake_kernel.h. */
#include "fake_kernel.h"
#include "base/guest_mem.h"
#include <errno.h>
#include <linux/aio_abi.h>
#include <net/if.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#define LOW_4G (1ULL << 32)
#ifndef UIO_MAXIOV
#define UIO_MAXIOV 1024
#endif

unsigned char *guest_image;
static unsigned char *image_before; /* the image as the call found it */
jmp_buf guest_fault;
static struct byte_source answers;
/* Addresses above 4 GiB the fake kernel saw as a vectored iocb's aio_buf:
 * the runner's iovec copies (or a guest's own wild value, which it may keep). */
static uint64_t lent[64];
static unsigned nlent;
/* The runner's last 8-byte write to guest memory: how it lends an iovec copy. */
static uint64_t last_write_at, last_write_value;

uint8_t take_u8(struct byte_source *s)
{
    if (!s->n)
        return 0;
    s->n--;
    return *s->p++;
}

uint32_t take_u32(struct byte_source *s)
{
    uint32_t v = 0;
    take_bytes(s, &v, sizeof v);
    return v;
}

void take_bytes(struct byte_source *s, void *dst, size_t n)
{
    size_t k = n < s->n ? n : s->n;
    memcpy(dst, s->p, k);
    memset((char *)dst + k, 0, n - k);
    s->p += k;
    s->n -= k;
}

void fake_kernel_reset(const uint8_t *img, size_t img_len, struct byte_source kernel)
{
    if (!guest_image) {
        guest_image = malloc(GUEST_SIZE); /* heap, so ASan sees overruns */
        image_before = malloc(GUEST_SIZE);
    }
    size_t k = img_len < GUEST_SIZE ? img_len : GUEST_SIZE;
    memcpy(guest_image, img, k);
    memset(guest_image + k, 0, GUEST_SIZE - k);
    memcpy(image_before, guest_image, GUEST_SIZE);
    answers = kernel;
    nlent = 0;
    last_write_at = last_write_value = 0;
}

/* The window's host address for [addr, addr+n), or 0 when any of it is outside. */
static unsigned char *window(uint64_t addr, size_t n)
{
    if (addr < GUEST_BASE || addr > GUEST_BASE + GUEST_SIZE ||
        n > GUEST_BASE + GUEST_SIZE - addr)
        return 0;
    return guest_image + (addr - GUEST_BASE);
}

/* guest_mem.h over the window. */
void copy_from_guest(void *dst, uint64_t src, size_t n)
{
    if (try_copy_from_guest(dst, src, n))
        longjmp(guest_fault, 1);
}

void copy_to_guest(uint64_t dst, const void *src, size_t n)
{
    if (try_copy_to_guest(dst, src, n))
        longjmp(guest_fault, 1);
}

long try_copy_from_guest(void *dst, uint64_t src, size_t n)
{
    unsigned char *w = window(src, n);
    if (!w && n)
        return -EFAULT;
    if (n)
        memcpy(dst, w, n);
    return 0;
}

long try_copy_to_guest(uint64_t dst, const void *src, size_t n)
{
    if (n == 8) {
        last_write_at = dst;
        memcpy(&last_write_value, src, 8);
    }
    unsigned char *w = window(dst, n);
    if (!w && n)
        return -EFAULT;
    if (n)
        memcpy(w, src, n);
    return 0;
}

void check_no_runner_pointer_left(void)
{
    for (unsigned i = 0; i < nlent; i++)
        for (size_t o = 0; o + 8 <= GUEST_SIZE; o++)
            if (!memcmp(guest_image + o, &lent[i], 8) && memcmp(image_before + o, &lent[i], 8))
                abort(); /* an iocb still points at the runner's iovec copy */
}

/* The kernel reading n bytes at a user address: below 4 GiB a guest address
 * (EFAULT outside the window), above it runner memory, every byte of which
 * is read here so that ASan checks the runner's bounds. */
static long kernel_reads(uint64_t addr, size_t n)
{
    if (!n)
        return 0;
    if (addr < LOW_4G)
        return window(addr, n) ? 0 : -EFAULT;
    volatile unsigned char sink = 0;
    const unsigned char *p = (const unsigned char *)(uintptr_t)addr;
    for (size_t i = 0; i < n; i++)
        sink ^= p[i];
    (void)sink;
    return 0;
}

/* The kernel writing n answer bytes to a user address. */
static long kernel_writes(uint64_t addr, size_t n)
{
    if (!n)
        return 0;
    unsigned char *dst = addr < LOW_4G ? window(addr, n) : (unsigned char *)(uintptr_t)addr;
    if (!dst)
        return -EFAULT;
    take_bytes(&answers, dst, n);
    return 0;
}

/* An error or a small result, as the fuzz input says. */
static long result(long ok)
{
    uint8_t e = take_u8(&answers);
    return e < 200 ? ok : -(long)(e - 199);
}

/* Native iovecs the runner built: readable, each base a guest address. */
static long check_iovec(const struct iovec *iov, uint64_t n)
{
    if (n > UIO_MAXIOV)
        return -EINVAL;
    if (kernel_reads((uint64_t)(uintptr_t)iov, n * sizeof *iov))
        return -EFAULT;
    for (uint64_t i = 0; i < n; i++)
        if ((uint64_t)(uintptr_t)iov[i].iov_base >= LOW_4G)
            abort(); /* a runner address as a data buffer */
    return 0;
}

/* Fills a receive's native control buffer with well-formed messages. */
static void fill_control(struct msghdr *m)
{
    unsigned char *ctl = m->msg_control;
    size_t cap = m->msg_controllen, used = 0;
    while (take_u8(&answers) & 1) {
        uint8_t kind = take_u8(&answers);
        size_t data = kind & 1 ? (size_t)(take_u8(&answers) % 8) * sizeof(int)
                               : take_u8(&answers);
        size_t len = CMSG_LEN(data), space = CMSG_SPACE(data);
        if (len > cap - used)
            break;
        struct cmsghdr h = {.cmsg_len = len,
                            .cmsg_level = kind & 1 ? SOL_SOCKET : (int)take_u32(&answers),
                            .cmsg_type = kind & 1 ? SCM_RIGHTS : (int)take_u32(&answers)};
        memcpy(ctl + used, &h, sizeof h);
        if (kind & 1) {
            for (size_t k = 0; k < data / sizeof(int); k++) {
                int fd = 10000 + (int)k; /* never one of the fuzzer's own */
                memcpy(ctl + used + sizeof h + k * sizeof fd, &fd, sizeof fd);
            }
        } else {
            take_bytes(&answers, ctl + used + sizeof h, data);
        }
        used += space < cap - used ? space : cap - used;
    }
    m->msg_controllen = used;
}

static long one_msg(struct msghdr *m, int receiving)
{
    if (kernel_reads((uint64_t)(uintptr_t)m, sizeof *m))
        return -EFAULT;
    long r = check_iovec(m->msg_iov, m->msg_iovlen);
    if (r)
        return r;
    if (m->msg_controllen && kernel_reads((uint64_t)(uintptr_t)m->msg_control,
                                          m->msg_controllen))
        return -EFAULT;
    if (receiving) {
        if (m->msg_control)
            fill_control(m);
        else
            m->msg_controllen = 0;
        m->msg_namelen = take_u8(&answers);
        m->msg_flags = (int)take_u32(&answers);
    }
    return result(take_u8(&answers));
}

/* A racing guest thread: may rewrite a few guest bytes during the call, except
 * [keep, keep + keep_len): an iocb's aio_buf while the runner has lent it its
 * iovec copy (a guest that rewrites it there only redirects its own I/O). */
static void guest_races(uint64_t keep, size_t keep_len)
{
    while (take_u8(&answers) == 0x5a) {
        uint32_t at = take_u32(&answers) % GUEST_SIZE;
        uint8_t v = take_u8(&answers);
        if (GUEST_BASE + (uint64_t)at - keep >= keep_len)
            guest_image[at] = v;
    }
}

static long fake_io_submit(long nr, void **iocbpp)
{
    if (nr == 0)
        return result(0);
    if (nr != 1)
        abort(); /* the runner submits one iocb at a time */
    uint64_t addr = (uint64_t)(uintptr_t)iocbpp[0];
    if (addr >= LOW_4G)
        abort(); /* completions must name the guest's iocb */
    guest_races(addr + __builtin_offsetof(struct iocb, aio_buf), 8);
    unsigned char *w = window(addr, sizeof(struct iocb));
    if (!w)
        return -EFAULT;
    struct iocb cb;
    memcpy(&cb, w, sizeof cb);
    if (cb.aio_lio_opcode == IOCB_CMD_PREADV || cb.aio_lio_opcode == IOCB_CMD_PWRITEV) {
        if (cb.aio_nbytes > UIO_MAXIOV)
            return -EINVAL;
        /* Lent by the runner: it wrote this very value there just before the
         * call.  Any other address above 4 GiB is the guest's own (libFuzzer
         * even learns the harness's stack addresses from its comparisons). */
        int lent_by_runner = last_write_at == addr + __builtin_offsetof(struct iocb, aio_buf) &&
                             last_write_value == cb.aio_buf;
        if (cb.aio_buf >= LOW_4G && !lent_by_runner) {
            return -EFAULT; /* the guest's own wild pointer, left in place */
        } else if (cb.aio_buf >= LOW_4G) {
            if (nlent < 64)
                lent[nlent++] = cb.aio_buf;
            if (check_iovec((const struct iovec *)(uintptr_t)cb.aio_buf, cb.aio_nbytes))
                return -EFAULT;
        } else if (kernel_reads(cb.aio_buf, cb.aio_nbytes * sizeof(struct iovec))) {
            return -EFAULT;
        }
    }
    return result(1);
}

long fake_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6)
{
    (void)a6;
    switch (nr) {
    case SYS_fstat:
        if (a1 != FAKE_SOCKET_FD)
            return -EBADF;
        memset((void *)a2, 0, sizeof(struct stat));
        ((struct stat *)a2)->st_mode = S_IFSOCK | 0777;
        return 0;
    case SYS_close:
        if (a1 < 10000)
            abort(); /* only the fds fill_control made up may be closed */
        return 0;
    case SYS_write:
        return a3;
    case SYS_getpid: case SYS_gettid:
        return 1;
    case SYS_rt_sigaction:
        if (kernel_reads((uint64_t)a2, a2 ? 32 : 0) || kernel_writes((uint64_t)a3, a3 ? 32 : 0))
            return -EFAULT;
        return 0;
    case SYS_rt_sigprocmask:
        if (kernel_reads((uint64_t)a2, a2 ? 8 : 0) || kernel_writes((uint64_t)a3, a3 ? 8 : 0))
            return -EFAULT;
        return 0;
    case SYS_rt_sigpending:
        return kernel_writes((uint64_t)a1, 8);
    case SYS_rt_sigqueueinfo:
        return kernel_reads((uint64_t)a3, sizeof(siginfo_t)) ?: result(0);
    case SYS_rt_tgsigqueueinfo:
        return kernel_reads((uint64_t)a4, sizeof(siginfo_t)) ?: result(0);
    case SYS_rt_sigtimedwait:
        if (kernel_reads((uint64_t)a1, 8) || kernel_writes((uint64_t)a2, a2 ? sizeof(siginfo_t) : 0))
            return -EFAULT;
        return result(take_u8(&answers) % 65);
    case SYS_timer_create:
        if (kernel_reads((uint64_t)a2, a2 ? sizeof(struct sigevent) : 0) ||
            kernel_writes((uint64_t)a3, 4))
            return -EFAULT;
        return result(0);
    case SYS_mq_notify:
        return kernel_reads((uint64_t)a2, a2 ? sizeof(struct sigevent) : 0) ?: result(0);
    case SYS_waitid:
        if (kernel_writes((uint64_t)a3, a3 ? sizeof(siginfo_t) : 0) ||
            kernel_writes((uint64_t)a5, a5 ? sizeof(struct rusage) : 0))
            return -EFAULT;
        return result(0);
    case SYS_move_pages:
        if ((unsigned long)a2 > 4096)
            abort(); /* more than the runner's array holds */
        return kernel_reads((uint64_t)a3, (size_t)a2 * sizeof(void *)) ?: result(0);
    case SYS_io_setup:
        return kernel_writes((uint64_t)a2, 8) ?: result(0);
    case SYS_io_destroy:
        return 0;
    case SYS_io_submit:
        return fake_io_submit(a2, (void **)a3);
    case SYS_ioctl:
        if (a2 == SIOCGIFCONF) {
            struct ifconf *c = (struct ifconf *)a3;
            if (kernel_reads((uint64_t)a3, sizeof *c))
                return -EFAULT;
            if (c->ifc_req) {
                size_t k = take_u8(&answers) % 8;
                size_t room = c->ifc_len < 0 ? 0 : (size_t)c->ifc_len / sizeof(struct ifreq);
                if (k > room)
                    k = room;
                if (kernel_writes((uint64_t)(uintptr_t)c->ifc_req, k * sizeof(struct ifreq)))
                    return -EFAULT;
                c->ifc_len = (int)(k * sizeof(struct ifreq));
            } else {
                c->ifc_len = (int)(take_u8(&answers) * sizeof(struct ifreq));
            }
            return result(0);
        }
        if (a2 == 0x1260) /* BLKGETSIZE into the runner's u64 */
            return kernel_writes((uint64_t)a3, 8) ?: result(0);
        if (a2 >= 0x8910 && a2 < 0x89e0) /* an ifreq bounced through 40 bytes */
            return kernel_writes((uint64_t)a3, sizeof(struct ifreq)) ?: result(0);
        return result(0);
    case SYS_sendmsg: case SYS_recvmsg:
        guest_races(0, 0);
        return one_msg((struct msghdr *)a2, nr == SYS_recvmsg);
    case SYS_sendmmsg: case SYS_recvmmsg: {
        struct mmsghdr *v = (struct mmsghdr *)a2;
        if ((unsigned long)a3 > 64)
            abort(); /* more than the runner's array holds */
        guest_races(0, 0);
        long done = 0;
        for (; done < a3; done++) {
            long r = one_msg(&v[done].msg_hdr, nr == SYS_recvmmsg);
            if (r < 0)
                return done ? done : r;
            v[done].msg_len = (unsigned)r;
            if (!(take_u8(&answers) & 3))
                return done + 1;
        }
        return done;
    }
    case SYS_readv: case SYS_writev: case SYS_preadv: case SYS_pwritev:
    case SYS_preadv2: case SYS_pwritev2: case SYS_vmsplice: case SYS_process_madvise:
        return check_iovec((const struct iovec *)a2, (uint64_t)a3) ?: result(take_u8(&answers));
    case SYS_process_vm_readv: case SYS_process_vm_writev:
        return check_iovec((const struct iovec *)a2, (uint64_t)a3) ?:
               check_iovec((const struct iovec *)a4, (uint64_t)a5) ?: result(take_u8(&answers));
    case SYS_setsockopt:
        return kernel_reads((uint64_t)a4, (size_t)a5) ?: result(0);
    default:
        return -ENOSYS;
    }
}
