/* gdb's `attach PID` on a program already running under x32-run.
 *
 * There is no ptrace to attach with (the program is part of the runner's
 * process), so gdb_multi.c asks the program itself: it sends SIGSYS with
 * SI_QUEUE and GDB_ATTACH_MARK, a signal whose host action is always the
 * runner's (the trap handler), so no program is ever killed by the request.
 * The thread that takes it connects back to gdb_multi.c's abstract socket,
 * checks the proof that the other side may debug this process, and becomes
 * the stub's first stopped thread.  The proof is an open /proc/PID/mem of
 * this process passed over the socket: the kernel lets only a process with
 * ptrace rights over us open it (Yama's ptrace_scope included), so attaching
 * is allowed exactly when a native gdb's PTRACE_ATTACH would be.
 *
 * Runs in the SIGSYS handler: raw system calls only. */
#include "gdb/stub/stub.h"
#include "core/core.h"
#include "fastpath/fastpath.h"
#include "base/raw_syscall.h"
#include "signals/signals.h"
#include "base/util.h"
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>

/* The guest context to stop in, or 0 when this is no place to stop (the
 * runner is busy with a call that is not blocked): gdb_multi.c then asks
 * again a little later. */
static ucontext_t *stop_context(ucontext_t *uc)
{
    struct thread_state *t = current_thread();
    enum interrupted_place at = interrupted_at(t, uc);
    if (at == AT_STUB)
        return 0;
    if (at == AT_GUEST)
        return uc; /* guest code (or its vDSO) */
    /* Blocked in a guest's call (through SUD or the rewrite fast path's hook):
     * stop at its `syscall`, as ptrace would; the call is made again from the
     * start once gdb lets the thread go. */
    ucontext_t *guest = at == AT_SAFE_SYSCALL ? guest_context_in_call(t, uc) : 0;
    if (guest)
        rewind_safe_syscall(uc);
    return guest;
}

static int connect_back(int relay_pid)
{
    struct sockaddr_un sa;
    mem_set(&sa, 0, sizeof sa);
    sa.sun_family = AF_UNIX;
    /* sun_path[0] = 0: the abstract namespace, nothing on disk to clean up */
    str_fmt(sa.sun_path + 1, sizeof sa.sun_path - 1, GDB_ATTACH_SOCKET, relay_pid);
    socklen_t len = (socklen_t)(sizeof sa.sun_family + 1 + str_len(sa.sun_path + 1));
    long s = raw_syscall3(SYS_socket, AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s < 0)
        return -1;
    if (raw_syscall3(SYS_connect, s, &sa, len) < 0) {
        raw_syscall1(SYS_close, s);
        return -1;
    }
    return (int)s;
}

/* The proof: a descriptor for /proc/<our pid>/mem that the other side opened. */
static int proof_ok(int s)
{
    char byte;
    struct iovec iov = {&byte, 1};
    union {
        struct cmsghdr h;
        char buf[CMSG_SPACE(sizeof(int))];
    } ctl;
    struct msghdr m;
    mem_set(&m, 0, sizeof m);
    mem_set(&ctl, 0, sizeof ctl);
    m.msg_iov = &iov;
    m.msg_iovlen = 1;
    m.msg_control = ctl.buf;
    m.msg_controllen = sizeof ctl.buf;
    struct timeval tv = {2, 0}; /* a peer that never sends is not waited for */
    raw_syscall5(SYS_setsockopt, s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    long n = raw_syscall3(SYS_recvmsg, s, &m, MSG_CMSG_CLOEXEC);
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    if (n != 1 || !c || c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
        return 0;
    int theirs;
    mem_copy(&theirs, CMSG_DATA(c), sizeof theirs);
    long mine = raw_syscall4(SYS_openat, AT_FDCWD, "/proc/self/mem", O_RDONLY | O_CLOEXEC, 0);
    struct stat a, b;
    int ok = mine >= 0 && raw_syscall2(SYS_fstat, theirs, &a) == 0 &&
             raw_syscall2(SYS_fstat, mine, &b) == 0 && a.st_dev == b.st_dev &&
             a.st_ino == b.st_ino;
    raw_syscall1(SYS_close, theirs);
    if (mine >= 0)
        raw_syscall1(SYS_close, mine);
    tv.tv_sec = 0;
    raw_syscall5(SYS_setsockopt, s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    return ok;
}

int gdb_attach_request(const siginfo_t *si, ucontext_t *uc)
{
    uint64_t v = (uint64_t)(uintptr_t)si->si_value.sival_ptr;
    if (si->si_code != SI_QUEUE || (v >> 32) != GDB_ATTACH_MARK)
        return 0;
    if (gdb_active)
        return 1; /* debugged already: gdb_multi.c times out and says so */
    ucontext_t *stop = stop_context(uc);
    if (!stop)
        return 1;
    int s = connect_back((int)(uint32_t)v);
    if (s < 0)
        return 1;
    if (!proof_ok(s)) {
        fd_printf(2, "x32-run: refused a gdb attach: the other side showed no right to "
                     "debug this process\n");
        raw_syscall1(SYS_close, s);
        return 1;
    }
    /* A descriptor number far from the guest's, as gdb_packets.c does. */
    long hi = raw_syscall3(SYS_fcntl, s, F_DUPFD_CLOEXEC, 900);
    if (hi >= 0) {
        raw_syscall1(SYS_close, s);
        s = (int)hi;
    }
    gdb_stub_attach(s, stop, uc);
    fastpath_stop_done(current_thread(), stop);
    return 1;
}
