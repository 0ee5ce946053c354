/* libFuzzer harness for x32-run's argument translators: msghdr/cmsg
 * (socket_msg.c), iovec (iovec.c), ioctl (ioctl.c), sigaction, sigaltstack,
 * sigprocmask and rt_sigreturn (signal_calls.c, signal_frame.c), siginfo and
 * sigevent, waitid (siginfo_calls.c, siginfo.c), move_pages (move_pages.c) and
 * io_submit (aio_calls.c), fed with a guest-memory image and a stand-in kernel
 * (fake_kernel.h).  Build and run: make -C runner fuzz-translators (clang).
 *
 * Input: one selector byte, six 4-byte arguments, a 2-byte image length, the
 * image (guest memory at GUEST_BASE), then the fake kernel's answers.  An
 * argument below GUEST_SIZE is taken as an offset into the image, so most
 * pointers land in guest memory; larger values are used as they are. */
#include "syscalls/emulation.h"
#include "fake_kernel.h"
#include "signals/signals.h"
#include "base/x32_abi.h"
#include "base/x32_syscalls.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

/* What the rest of the runner would provide. */
long raw_syscall6(long nr, long a1, long a2, long a3, long a4, long a5, long a6)
{
    return fake_syscall(nr, a1, a2, a3, a4, a5, a6);
}

long safe_syscall(volatile int *pending, long nr, long a1, long a2, long a3, long a4,
                  long a5, long a6)
{
    (void)pending;
    return fake_syscall(nr, a1, a2, a3, a4, a5, a6);
}

long forward(struct thread_state *t, long nr, const greg_t *g)
{
    (void)t, (void)nr, (void)g;
    return -ENOSYS;
}

int guest_range_ok(uint64_t addr, uint64_t len) { return addr + len <= 0xFFFFE000ULL; }
const char *syscall_name(unsigned long nr) { (void)nr; return "fuzzed"; }
int in_stack_guard(uint64_t addr) { (void)addr; return 0; }
void host_restorer(void) {}
char safe_syscall_start[1], safe_syscall_end[1], sigsys_restorer[1], sigsys_restorer_end[1];
/* No rewrite fast path and no gdb: core's hook tables (core/hooks.c) stay
 * empty, as they are in a run under X32_RUN_TRAP=sud without -g. */

/* The host FP frame rt_sigreturn writes into: exactly as large as its header
 * says, so ASan sees a copy that ignores the host frame's size. */
#define HOST_FP_SIZE 1024

static struct thread_state thread;

static uint64_t arg_value(uint32_t v)
{
    return v < GUEST_SIZE ? GUEST_BASE + (uint64_t)v : v;
}

/* ioctl numbers worth reaching, picked when the command argument is small. */
static const unsigned interesting_ioctls[] = {
    0x8912 /* SIOCGIFCONF */, 0x8913 /* SIOCGIFFLAGS */, 0x8914 /* SIOCSIFFLAGS */,
    0x8915 /* SIOCGIFADDR */, 0x8927 /* SIOCGIFHWADDR */, 0x1260 /* BLKGETSIZE */,
    0x80041272 /* BLKGETSIZE64 */, 0x80046601 /* FS_IOC_GETFLAGS */, 0x2285 /* SG_IO */,
    0x5401 /* TCGETS */, 0x8946 /* SIOCETHTOOL */, 0x89f0 /* SIOCDEVPRIVATE */,
    0xc0185500 /* a USB one */, 0x541b /* FIONREAD */, 0x8933 /* SIOCGIFINDEX */,
    0x4c00 /* LOOP_SET_FD */,
};

/* The calls, and how each of the six arguments is made from its 4 input
 * bytes: p a pointer (small values become image offsets), r raw, c an iovec
 * or page count (up to a little over the kernel's limits), n a message or
 * iocb count. */
static const struct {
    unsigned long nr;
    const char *args;
} calls[] = {
    /* socket_msg.c */
    {X32_NR_sendmsg, "rprrrr"}, {X32_NR_recvmsg, "rprrrr"},
    {X32_NR_sendmmsg, "rpcrrr"}, {X32_NR_recvmmsg, "rpcrpr"},
    {X32_NR_setsockopt, "rrrprr"},
    /* iovec.c */
    {X32_NR_readv, "rpcrrr"}, {X32_NR_writev, "rpcrrr"}, {X32_NR_vmsplice, "rpcrrr"},
    {X32_NR_preadv, "rpcrrr"}, {X32_NR_pwritev, "rpcrrr"},
    {X32_NR_preadv2, "rpcrrr"}, {X32_NR_pwritev2, "rpcrrr"},
    {X32_NR_process_vm_readv, "rpcpcr"}, {X32_NR_process_vm_writev, "rpcpcr"},
    {SYS_process_madvise, "rpcrrr"},
    /* ioctl.c */
    {X32_NR_ioctl, "rrprrr"},
    /* signal_calls.c, signal_frame.c */
    {X32_NR_rt_sigaction, "rpprrr"}, {X32_NR_sigaltstack, "pprrrr"},
    {SYS_rt_sigprocmask, "rpprrr"}, {X32_NR_rt_sigpending, "prrrrr"},
    {X32_NR_rt_sigreturn, "prrrrr"},
    /* siginfo_calls.c, move_pages.c, aio_calls.c */
    {X32_NR_rt_sigtimedwait, "ppprrr"}, {X32_NR_rt_sigqueueinfo, "rrprrr"},
    {X32_NR_rt_tgsigqueueinfo, "rrrprr"}, {X32_NR_timer_create, "rpprrr"},
    {X32_NR_mq_notify, "rprrrr"}, {X32_NR_waitid, "rrprpr"}, {X32_NR_move_pages, "rcpppr"},
    {X32_NR_io_setup, "rprrrr"}, {X32_NR_io_submit, "rnprrr"},
    {0, "rrrrrr"},                                                      /* siginfo */
};

static greg_t make_arg(char how, uint32_t v)
{
    switch (how) {
    case 'p': return (greg_t)arg_value(v);
    case 'c': return (greg_t)(v % 1100);
    case 'n': return (greg_t)(v % 70);
    default: return (greg_t)v;
    }
}

static long run_call(unsigned long nr, greg_t *g, ucontext_t *uc)
{
    struct thread_state *t = &thread;
    switch (nr) {
    case X32_NR_sendmsg: case X32_NR_recvmsg: case X32_NR_recvmmsg: case X32_NR_sendmmsg:
        g[REG_RDI] = FAKE_SOCKET_FD;
        return sys_msg_call(t, nr, g);
    case X32_NR_readv: case X32_NR_writev: case X32_NR_vmsplice:
    case X32_NR_preadv: case X32_NR_pwritev: case X32_NR_preadv2: case X32_NR_pwritev2:
    case X32_NR_process_vm_readv: case X32_NR_process_vm_writev: case SYS_process_madvise:
        return sys_iovec_call(t, nr, g);
    case X32_NR_ioctl:
        if ((uint64_t)g[REG_RSI] < 256)
            g[REG_RSI] = interesting_ioctls[g[REG_RSI] %
                                            (sizeof interesting_ioctls / sizeof(unsigned))];
        return sys_x32_ioctl(t, g);
    case X32_NR_rt_sigaction:
        return sys_rt_sigaction(t, (long)(g[REG_RDI] & 0x7f), (uint64_t)g[REG_RSI],
                                (uint64_t)g[REG_RDX], (uint64_t)g[REG_R10] & 0xf);
    case X32_NR_sigaltstack:
        return sys_sigaltstack(t, uc, (uint64_t)g[REG_RDI], (uint64_t)g[REG_RSI]);
    case SYS_rt_sigprocmask:
        return sys_rt_sigprocmask(t, uc, (long)(g[REG_RDI] & 3), (uint64_t)g[REG_RSI],
                                  (uint64_t)g[REG_RDX], (uint64_t)g[REG_R10] & 0xf);
    case X32_NR_rt_sigpending:
        return sys_rt_sigpending(t, (uint64_t)g[REG_RDI], (uint64_t)g[REG_RSI] & 0xf);
    case X32_NR_rt_sigreturn:
        g[REG_RSP] = g[REG_RDI]; /* the frame is at the guest's stack pointer */
        sys_x32_rt_sigreturn(t, uc);
        return 0;
    case X32_NR_move_pages: return sys_move_pages(t, g);
    case X32_NR_io_setup: case X32_NR_io_submit: return sys_aio_call(nr, g);
    default: return sys_siginfo_call(t, nr, g);
    }
}

/* siginfo both ways: nothing may be read or written outside the two buffers,
 * and converting what x32 sends is stable (a second round gives the same). */
static void siginfo_round_trip(const unsigned char *bytes, size_t n)
{
    unsigned char in[X32_SIGINFO_SIZE], out[X32_SIGINFO_SIZE], again[X32_SIGINFO_SIZE];
    siginfo_t native, native2;
    memset(in, 0, sizeof in);
    memcpy(in, bytes, n < sizeof in ? n : sizeof in);
    siginfo_from_x32(in, &native);
    siginfo_to_x32(&native, out);
    siginfo_from_x32(out, &native2);
    siginfo_to_x32(&native2, again);
    if (memcmp(out, again, sizeof out) != 0)
        abort();
    memcpy(&native, bytes, n < sizeof native ? n : sizeof native);
    siginfo_to_x32(&native, out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct byte_source in = {data, size};
    unsigned pick = take_u8(&in) % (sizeof calls / sizeof calls[0]);
    unsigned long nr = calls[pick].nr;
    uint32_t args[6];
    for (int i = 0; i < 6; i++)
        args[i] = take_u32(&in);
    size_t img_len = take_u8(&in) | (size_t)take_u8(&in) << 8;
    if (img_len > in.n)
        img_len = in.n;
    if (nr == 0) {
        siginfo_round_trip(in.p, in.n);
        return 0;
    }
    struct byte_source kernel = {in.p + img_len, in.n - img_len};
    fake_kernel_reset(in.p, img_len, kernel);

    memset(&thread, 0, sizeof thread);
    thread.sighand = &thread.own_sighand;
    thread.ss_flags = SS_DISABLE;
    static ucontext_t uc;
    static unsigned char *host_fp;
    if (!host_fp)
        host_fp = malloc(HOST_FP_SIZE);
    memset(&uc, 0, sizeof uc);
    memset(host_fp, 0, HOST_FP_SIZE);
    uint32_t magic = 0x46505853U, ext = HOST_FP_SIZE;
    memcpy(host_fp + 464, &magic, 4);
    memcpy(host_fp + 468, &ext, 4);
    uc.uc_mcontext.fpregs = (fpregset_t)host_fp;
    greg_t *g = uc.uc_mcontext.gregs;
    static const int reg[6] = {REG_RDI, REG_RSI, REG_RDX, REG_R10, REG_R8, REG_R9};
    for (int i = 0; i < 6; i++)
        g[reg[i]] = make_arg(calls[pick].args[i], args[i]);

    volatile long r;
    if (setjmp(guest_fault) == 0)
        r = run_call(nr, g, &uc);
    else
        r = -EFAULT;
    (void)r;
    check_no_runner_pointer_left();
    return 0;
}
