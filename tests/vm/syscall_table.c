/* tests/vm/syscall_table.c: a table of system-call and signal cases for the x32 ABI,
 * run once under x32-run (user mode) and once on the VM's real x32 kernel by
 * tests/vm/syscalls.sh, which compares the two outputs line by line.
 *
 * Every case runs in its own child process and prints exactly one line
 *     name: result
 * made only of what both kernels must agree on: return values (or -ERRNO names) and
 * the fields the case checked.  Addresses, pids and times are never printed as such,
 * only normalised ("ptr<4G", "pid=self", "nsec<1e9").  A case that dies prints
 * "name: died (SIGNAME)".
 *
 * Usage: syscall_table [NAME...]   (no NAME: every case, in table order)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <linux/filter.h>
#include <linux/io_uring.h>
#include <linux/seccomp.h>
#include <mqueue.h>
#include <linux/futex.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asm/prctl.h>
#include <elf.h>
#include <sys/auxv.h>
#include <sys/epoll.h>
#include <sys/timex.h>
#include <termios.h>
#include <sys/eventfd.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/shm.h>
#include <sys/statfs.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/random.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/times.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#ifndef SS_AUTODISARM
#define SS_AUTODISARM (1U << 31)
#endif

/* ---- the result line of the current case ---- */

static char line[1024];
static size_t line_len;

static void out(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (line_len && line_len < sizeof line - 1)
        line[line_len++] = ' ';
    int n = vsnprintf(line + line_len, sizeof line - line_len, fmt, ap);
    va_end(ap);
    if (n > 0)
        line_len += (size_t)n < sizeof line - line_len ? (size_t)n : sizeof line - line_len - 1;
    if (getenv("X32ST_TRACE"))
        fprintf(stderr, "  ... %s\n", line);
}

static const char *errname(int e)
{
    static const struct { int e; const char *n; } names[] = {
        {EPERM, "EPERM"}, {ENOENT, "ENOENT"}, {ESRCH, "ESRCH"}, {EINTR, "EINTR"},
        {EIO, "EIO"}, {E2BIG, "E2BIG"}, {ENOEXEC, "ENOEXEC"}, {EBADF, "EBADF"},
        {ECHILD, "ECHILD"}, {EAGAIN, "EAGAIN"}, {ENOMEM, "ENOMEM"}, {EACCES, "EACCES"},
        {EFAULT, "EFAULT"}, {EBUSY, "EBUSY"}, {EEXIST, "EEXIST"}, {ENODEV, "ENODEV"},
        {ENOTDIR, "ENOTDIR"}, {EISDIR, "EISDIR"}, {EINVAL, "EINVAL"}, {ENFILE, "ENFILE"},
        {EMFILE, "EMFILE"}, {ENOTTY, "ENOTTY"}, {EFBIG, "EFBIG"}, {ENOSPC, "ENOSPC"},
        {ESPIPE, "ESPIPE"}, {EROFS, "EROFS"}, {EPIPE, "EPIPE"}, {ERANGE, "ERANGE"},
        {ENOSYS, "ENOSYS"}, {ENOTSUP, "EOPNOTSUPP"}, {ETIMEDOUT, "ETIMEDOUT"},
        {EMSGSIZE, "EMSGSIZE"}, {ENOPROTOOPT, "ENOPROTOOPT"}, {ENOTSOCK, "ENOTSOCK"},
        {ENOTCONN, "ENOTCONN"}, {ENODATA, "ENODATA"}, {EOVERFLOW, "EOVERFLOW"}, {ENOMSG, "ENOMSG"},
        {EIDRM, "EIDRM"}, {ECONNREFUSED, "ECONNREFUSED"}, {EADDRINUSE, "EADDRINUSE"},
    };
    static char buf[32];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].e == e)
            return names[i].n;
    snprintf(buf, sizeof buf, "E%d", e);
    return buf;
}

/* rv R: a glibc-style result (-1 and errno) as "N" or "-ENAME". */
static const char *rv(long r)
{
    static char bufs[8][48];
    static int k;
    char *b = bufs[k++ % 8];
    if (r == -1)
        snprintf(b, 48, "-%s", errname(errno));
    else
        snprintf(b, 48, "%ld", r);
    return b;
}

/* rr R: a raw kernel result (-4095..-1 are errors). */
static const char *rr(long long r)
{
    static char bufs[8][48];
    static int k;
    char *b = bufs[k++ % 8];
    if (r < 0 && r > -4096)
        snprintf(b, 48, "-%s", errname((int)-r));
    else
        snprintf(b, 48, "%lld", r);
    return b;
}

static const char *signame(int s)
{
    static char buf[16];
    const char *n = sigabbrev_np(s);
    if (s >= SIGRTMIN && s <= SIGRTMAX) {
        snprintf(buf, sizeof buf, "SIGRTMIN+%d", s - SIGRTMIN);
        return buf;
    }
    if (!n) {
        snprintf(buf, sizeof buf, "SIG%d", s);
        return buf;
    }
    snprintf(buf, sizeof buf, "SIG%s", n);
    return buf;
}

static pid_t self_pid, child_pid;

static const char *pidname(pid_t p)
{
    if (p == self_pid)
        return "self";
    if (p == getppid())
        return "parent";
    if (child_pid && p == child_pid)
        return "child";
    return "other";
}

static const char *uidname(uid_t u)
{
    return u == getuid() ? "self" : "other";
}

static const char *codename(int sig, int code)
{
    static char buf[24];
    switch (code) {
    case SI_USER: return "SI_USER";
    case SI_KERNEL: return "SI_KERNEL";
    case SI_QUEUE: return "SI_QUEUE";
    case SI_TIMER: return "SI_TIMER";
    case SI_MESGQ: return "SI_MESGQ";
    case SI_TKILL: return "SI_TKILL";
    }
    if (sig == SIGCHLD) {
        switch (code) {
        case CLD_EXITED: return "CLD_EXITED";
        case CLD_KILLED: return "CLD_KILLED";
        case CLD_DUMPED: return "CLD_DUMPED";
        case CLD_STOPPED: return "CLD_STOPPED";
        case CLD_TRAPPED: return "CLD_TRAPPED";
        case CLD_CONTINUED: return "CLD_CONTINUED";
        }
    }
    if (sig == SIGSEGV && code == SEGV_MAPERR) return "SEGV_MAPERR";
    if (sig == SIGSEGV && code == SEGV_ACCERR) return "SEGV_ACCERR";
    if (sig == SIGFPE && code == FPE_INTDIV) return "FPE_INTDIV";
    if (sig == SIGILL && code == ILL_ILLOPN) return "ILL_ILLOPN";
    if (sig == SIGTRAP && code == TRAP_BRKPT) return "TRAP_BRKPT";
    snprintf(buf, sizeof buf, "code%d", code);
    return buf;
}

/* A raw system call with full 64-bit arguments and result (x32 glibc's syscall()
 * returns a 32-bit long and takes 32-bit pointers). */
static long long sc6(long long nr, long long a, long long b, long long c, long long d,
                     long long e, long long f)
{
    long long ret;
    register long long r10 __asm__("r10") = d;
    register long long r8 __asm__("r8") = e;
    register long long r9 __asm__("r9") = f;
    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
                     : "rcx", "r11", "memory");
    return ret;
}

static const char *ptr_class(long long p)
{
    if (p < 0 && p > -4096)
        return rr(p);
    if ((unsigned long long)p >= 1ULL << 32)
        return "ptr>=4G";
    if (p & 4095)
        return "ptr<4G,unaligned";
    return "ptr<4G";
}

static char shm_dir[64];

static const char *shm_path(const char *name)
{
    static char bufs[4][128];
    static int k;
    char *b = bufs[k++ % 4];
    snprintf(b, 128, "%s/%s", shm_dir, name);
    return b;
}

/* ---- signal bookkeeping shared by the handlers ---- */

static volatile sig_atomic_t hits;
static siginfo_t last_si;
static int last_sig;
static sigjmp_buf jb;

static void record(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    hits++;
    last_sig = sig;
    last_si = *si;
}

static void jump_out(int sig, siginfo_t *si, void *uc)
{
    record(sig, si, uc);
    siglongjmp(jb, 1);
}

static int on(int sig, void (*fn)(int, siginfo_t *, void *), int flags)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = fn;
    sa.sa_flags = SA_SIGINFO | flags;
    sigemptyset(&sa.sa_mask);
    return sigaction(sig, &sa, NULL);
}

static void block(int sig)
{
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, sig);
    sigprocmask(SIG_BLOCK, &s, NULL);
}

static void siginfo_fields(const siginfo_t *si)
{
    out("signo=%s code=%s", signame(si->si_signo), codename(si->si_signo, si->si_code));
    if (si->si_errno)
        out("errno=%d", si->si_errno);
}

/* ======================= the x32-specific calls (512-547) ======================= */

static void handler_plain(int sig) { (void)sig; hits++; }

static void case_rt_sigaction(void)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = record;
    sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGUSR2);
    sigaddset(&sa.sa_mask, SIGRTMIN + 3);
    out("%s", rv(sigaction(SIGUSR1, &sa, NULL)));
    memset(&old, 0, sizeof old);
    sigaction(SIGUSR1, NULL, &old);
    out("handler=%s flags=%s%s%s restorer=%s", old.sa_sigaction == record ? "same" : "other",
        old.sa_flags & SA_SIGINFO ? "SIGINFO" : "", old.sa_flags & SA_RESTART ? "|RESTART" : "",
        old.sa_flags & SA_ONSTACK ? "|ONSTACK" : "", old.sa_restorer ? "set" : "none");
    out("mask=%s%s%s", sigismember(&old.sa_mask, SIGUSR2) ? "USR2" : "",
        sigismember(&old.sa_mask, SIGRTMIN + 3) ? "+RTMIN+3" : "",
        sigismember(&old.sa_mask, SIGUSR1) ? "+USR1" : "");
    /* The kernel wants sigsetsize 8; and SIGKILL cannot be caught. */
    struct { void *h; unsigned long flags; void *restorer; uint64_t mask; } k = {0};
    k.h = (void *)handler_plain;
    out("size4=%s", rv(syscall(SYS_rt_sigaction, SIGUSR2, &k, NULL, 4)));
    out("sigkill=%s", rv(sigaction(SIGKILL, &sa, NULL)));
    raise(SIGUSR1);
    out("delivered=%d", hits);
}

static volatile long long seen_r12, seen_rax;
static void regs_handler(int sig, siginfo_t *si, void *ucp)
{
    ucontext_t *uc = ucp;
    (void)sig;
    (void)si;
    seen_r12 = uc->uc_mcontext.gregs[REG_R12];
    seen_rax = uc->uc_mcontext.gregs[REG_RAX];
    uc->uc_mcontext.gregs[REG_R13] = 0x5555666677778888LL;
    uc->uc_mcontext.fpregs->_xmm[1].element[0] = 0xfeedf00d;
    hits++;
}

static void case_rt_sigreturn(void)
{
    on(SIGUSR1, regs_handler, 0);
    long long r13_after, rax_after;
    unsigned xmm1_after;
    long long a = 0x1111222233334444LL, b = 0x0102030405060708LL;
    long long nr = SYS_kill, pid = getpid(), sig = SIGUSR1;
    __asm__ volatile("mov %[a], %%r12\n\t"
                     "mov %[b], %%r13\n\t"
                     "movq %[b], %%xmm1\n\t"
                     "mov %[nr], %%rax\n\t"
                     "mov %[pid], %%rdi\n\t"
                     "mov %[sig], %%rsi\n\t"
                     "syscall\n\t"
                     "mov %%r13, %[o13]\n\t"
                     "mov %%rax, %[orax]\n\t"
                     "movd %%xmm1, %[ox]\n\t"
                     : [o13] "=&r"(r13_after), [orax] "=&r"(rax_after), [ox] "=&r"(xmm1_after)
                     : [a] "r"(a), [b] "r"(b), [nr] "r"(nr), [pid] "r"(pid), [sig] "r"(sig)
                     : "rax", "rdi", "rsi", "rcx", "r11", "r12", "r13", "xmm1", "memory");
    out("handled=%d r12-in-uc=%s rax-in-uc=%s r13-written=%s xmm1-written=%s rax=%s", hits,
        seen_r12 == a ? "ok" : "wrong", rr(seen_rax),
        r13_after == 0x5555666677778888LL ? "ok" : "wrong",
        xmm1_after == 0xfeedf00d ? "ok" : "wrong", rr(rax_after));
}

static void case_ioctl(void)
{
    int p[2];
    pipe(p);
    write(p[1], "hello", 5);
    int n = -1;
    out("FIONREAD=%s", rv(ioctl(p[0], FIONREAD, &n)));
    out("n=%d", n);
    struct winsize ws;
    out("TIOCGWINSZ=%s", rv(ioctl(p[0], TIOCGWINSZ, &ws)));
    int on1 = 1;
    out("FIONBIO=%s", rv(ioctl(p[0], FIONBIO, &on1)));
    out("nonblock=%s", fcntl(p[0], F_GETFL) & O_NONBLOCK ? "yes" : "no");
    out("FIOCLEX=%s", rv(ioctl(p[0], FIOCLEX)));
    out("cloexec=%s", fcntl(p[0], F_GETFD) & FD_CLOEXEC ? "yes" : "no");
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    struct ifreq { char name[16]; char pad[24]; } ifr;
    memset(&ifr, 0, sizeof ifr);
    strcpy(ifr.name, "lo");
    out("SIOCGIFINDEX=%s", rv(ioctl(s, 0x8933 /* SIOCGIFINDEX */, &ifr)));
    out("index=%d", *(int *)ifr.pad);
}

static void case_readv_writev(void)
{
    int p[2];
    pipe(p);
    char a[] = "abc", b[] = "", c[] = "defgh";
    struct iovec w[3] = {{a, 3}, {b, 0}, {c, 5}};
    out("writev=%s", rv(writev(p[1], w, 3)));
    char x[2], y[10] = {0};
    struct iovec r[2] = {{x, 2}, {y, sizeof y}};
    out("readv=%s", rv(readv(p[0], r, 2)));
    out("got=%.2s|%s", x, y);
    struct iovec bad[1] = {{(void *)16, 4}};
    out("efault=%s", rv(writev(p[1], bad, 1)));
    out("einval=%s", rv(syscall(SYS_writev, p[1], w, -1)));
}

static void case_recvfrom(void)
{
    int sv[2];
    out("%s", rv(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv)));
    sendto(sv[0], "datagram", 8, 0, NULL, 0);
    char buf[16] = {0};
    struct sockaddr_un from;
    socklen_t fl = sizeof from;
    memset(&from, 0x55, sizeof from);
    out("recvfrom=%s", rv(recvfrom(sv[1], buf, sizeof buf, 0, (struct sockaddr *)&from, &fl)));
    out("data=%s addrlen=%d family=%d", buf, (int)fl, from.sun_family);
    out("eagain=%s", rv(recvfrom(sv[1], buf, sizeof buf, MSG_DONTWAIT, NULL, NULL)));
    /* A named sender: the address comes back whole. */
    int s = socket(AF_UNIX, SOCK_DGRAM, 0), d = socket(AF_UNIX, SOCK_DGRAM, 0);
    struct sockaddr_un an = {.sun_family = AF_UNIX}, bn = {.sun_family = AF_UNIX};
    snprintf(an.sun_path + 1, 40, "x32st-a-%d", (int)getpid());
    snprintf(bn.sun_path + 1, 40, "x32st-b-%d", (int)getpid());
    socklen_t alen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + strlen(an.sun_path + 1));
    bind(s, (struct sockaddr *)&an, alen);
    bind(d, (struct sockaddr *)&bn, alen);
    sendto(s, "x", 1, 0, (struct sockaddr *)&bn, alen);
    fl = sizeof from;
    recvfrom(d, buf, sizeof buf, 0, (struct sockaddr *)&from, &fl);
    out("named-addrlen=%s same=%s", fl == alen ? "ok" : "wrong",
        memcmp(&from, &an, alen) == 0 ? "yes" : "no");
}

static void case_sendmsg_recvmsg(void)
{
    int sv[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
    int one = 1;
    setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &one, sizeof one);
    int fds[2];
    pipe(fds);
    char a[] = "one", b[] = "two";
    struct iovec iov[2] = {{a, 3}, {b, 3}};
    char ctl[CMSG_SPACE(2 * sizeof(int))];
    memset(ctl, 0, sizeof ctl);
    struct msghdr m = {.msg_iov = iov, .msg_iovlen = 2, .msg_control = ctl,
                       .msg_controllen = sizeof ctl};
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(2 * sizeof(int));
    memcpy(CMSG_DATA(c), fds, sizeof fds);
    out("sendmsg=%s", rv(sendmsg(sv[0], &m, 0)));
    char buf[16] = {0};
    struct iovec riov[1] = {{buf, sizeof buf}};
    char rctl[256];
    struct msghdr r = {.msg_iov = riov, .msg_iovlen = 1, .msg_control = rctl,
                       .msg_controllen = sizeof rctl};
    out("recvmsg=%s", rv(recvmsg(sv[1], &r, 0)));
    out("data=%s flags=%d", buf, r.msg_flags);
    int n = 0;
    for (c = CMSG_FIRSTHDR(&r); c; c = CMSG_NXTHDR(&r, c), n++) {
        if (c->cmsg_type == SCM_RIGHTS) {
            int got[2];
            memcpy(got, CMSG_DATA(c), sizeof got);
            struct stat s0, s1;
            fstat(got[0], &s0);
            fstat(fds[0], &s1);
            out("[SCM_RIGHTS len=%u same-pipe=%s]", (unsigned)c->cmsg_len,
                s0.st_ino == s1.st_ino ? "yes" : "no");
        } else if (c->cmsg_type == SCM_CREDENTIALS) {
            struct ucred u;
            memcpy(&u, CMSG_DATA(c), sizeof u);
            out("[SCM_CREDENTIALS len=%u pid=%s uid=%s]", (unsigned)c->cmsg_len,
                pidname(u.pid), uidname(u.uid));
        } else {
            out("[type=%d len=%u]", c->cmsg_type, (unsigned)c->cmsg_len);
        }
    }
    out("controllen=%u", (unsigned)r.msg_controllen);
    /* Too little control space: MSG_CTRUNC, and the fd that did not fit is closed. */
    sendmsg(sv[0], &m, 0);
    char small[CMSG_SPACE(sizeof(int))];
    struct msghdr t = {.msg_iov = riov, .msg_iovlen = 1, .msg_control = small,
                       .msg_controllen = sizeof small};
    int one0 = 0;
    setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &one0, sizeof one0);
    out("truncated=%s", rv(recvmsg(sv[1], &t, 0)));
    out("ctrunc=%s controllen=%u", t.msg_flags & MSG_CTRUNC ? "yes" : "no", (unsigned)t.msg_controllen);
}

static int exec_child_main(int argc, char **argv)
{
    printf("argc=%d argv0=%s", argc, argv[0]);
    for (int i = 2; i < argc; i++)
        printf(" [%s]", argv[i]);
    const char *v = getenv("X32ST_VAR");
    printf(" var=%s ptr=%zu\n", v ? v : "(unset)", sizeof(void *));
    return 42;
}

/* run_exec HOW: fork; the child execs this program again with --exec-child, stdout to
 * a pipe; reports the exit status and what it printed. */
static void run_exec(int how)
{
    int p[2];
    pipe(p);
    pid_t c = fork();
    if (c == 0) {
        dup2(p[1], 1);
        char *args[] = {"x32st-child", "--exec-child", "a b", "", NULL};
        char *env[] = {"X32ST_VAR=v a=l", NULL};
        if (how == 0) {
            execve("/proc/self/exe", args, env);
        } else {
            int fd = open("/proc/self/exe", O_RDONLY);
            syscall(SYS_execveat, fd, "", args, env, AT_EMPTY_PATH);
        }
        printf("exec failed: -%s\n", errname(errno));
        _exit(127);
    }
    close(p[1]);
    char buf[256] = {0};
    ssize_t n = 0, k;
    while (n < (ssize_t)sizeof buf - 1 && (k = read(p[0], buf + n, sizeof buf - 1 - (size_t)n)) > 0)
        n += k;
    if (n && buf[n - 1] == '\n')
        buf[n - 1] = 0;
    int st;
    waitpid(c, &st, 0);
    out("status=%d out=<%s>", WIFEXITED(st) ? WEXITSTATUS(st) : -WTERMSIG(st), buf);
}

static void case_execve(void)
{
    run_exec(0);
    char *args[] = {"x", NULL};
    out("enoent=%s", rv(execve("/nonexistent/x32st", args, environ)));
    out("efault=%s", rv(syscall(SYS_execve, "/proc/self/exe", 16, environ)));
}

static void case_execveat(void)
{
    run_exec(1);
    char *args[] = {"x", NULL};
    out("ebadf=%s", rv(syscall(SYS_execveat, 999, "", args, environ, AT_EMPTY_PATH)));
}

static volatile int traced_word = 0x1234abcd;

static void case_ptrace(void)
{
    pid_t c = fork();
    if (c == 0) {
        if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0)
            _exit(100 + errno);
        raise(SIGSTOP);
        _exit(traced_word == 0x0badf00d ? 7 : 8);
    }
    int st;
    waitpid(c, &st, 0);
    if (WIFEXITED(st)) {
        out("traceme=-%s", errname(WEXITSTATUS(st) - 100));
        return;
    }
    out("traceme=0 stopped=%s", WIFSTOPPED(st) ? signame(WSTOPSIG(st)) : "no");
    errno = 0;
    long w = ptrace(PTRACE_PEEKDATA, c, (void *)&traced_word, NULL);
    out("peek=%s", errno ? rv(-1) : (w == 0x1234abcd ? "ok" : "wrong"));
    out("poke=%s", rv(ptrace(PTRACE_POKEDATA, c, (void *)&traced_word, (void *)0x0badf00d)));
    struct { unsigned long long r[27]; } regs;
    out("getregs=%s", rv(ptrace(PTRACE_GETREGS, c, NULL, &regs)));
    ptrace(PTRACE_CONT, c, NULL, NULL);
    waitpid(c, &st, 0);
    out("exit=%d", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
}

static void case_rt_sigpending(void)
{
    block(SIGUSR1);
    block(SIGRTMIN + 2);
    raise(SIGUSR1);
    raise(SIGRTMIN + 2);
    sigset_t s;
    out("%s", rv(sigpending(&s)));
    int n = 0;
    for (int i = 1; i < 65; i++)
        if (sigismember(&s, i)) {
            out("%s", signame(i));
            n++;
        }
    uint64_t raw = 0;
    out("raw=%s", rv(syscall(SYS_rt_sigpending, &raw, 8)));
    out("bits=%s", raw == ((1ULL << (SIGUSR1 - 1)) | (1ULL << (SIGRTMIN + 2 - 1))) ? "ok" : "wrong");
    out("size16=%s", rv(syscall(SYS_rt_sigpending, &raw, 16)));
}

static void case_rt_sigtimedwait(void)
{
    block(SIGUSR2);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR2);
    union sigval v = {.sival_int = 1234};
    sigqueue(getpid(), SIGUSR2, v);
    siginfo_t si;
    memset(&si, 0, sizeof si);
    struct timespec ts = {1, 0};
    out("%s", rv(sigtimedwait(&s, &si, &ts)));
    siginfo_fields(&si);
    out("value=%d pid=%s uid=%s", si.si_value.sival_int, pidname(si.si_pid), uidname(si.si_uid));
    ts.tv_sec = 0;
    ts.tv_nsec = 20000000;
    out("timeout=%s", rv(sigtimedwait(&s, &si, &ts)));
    ts.tv_nsec = 1000000000;
    out("bad-ts=%s", rv(sigtimedwait(&s, &si, &ts)));
}

static void case_rt_sigqueueinfo(void)
{
    block(SIGUSR1);
    siginfo_t si;
    memset(&si, 0, sizeof si);
    si.si_signo = SIGUSR1;
    si.si_code = SI_QUEUE;
    si.si_pid = getpid();
    si.si_uid = getuid();
    si.si_value.sival_int = 77;
    out("%s", rv(syscall(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, &si)));
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    siginfo_t got;
    memset(&got, 0, sizeof got);
    out("wait=%s", signame((int)sigwaitinfo(&s, &got)));
    siginfo_fields(&got);
    out("value=%d pid=%s", got.si_value.sival_int, pidname(got.si_pid));
    out("esrch=%s", rv(syscall(SYS_rt_sigqueueinfo, 0x3ffffff0, SIGUSR1, &si)));
}

static void case_rt_tgsigqueueinfo(void)
{
    block(SIGRTMIN + 4);
    siginfo_t si;
    memset(&si, 0, sizeof si);
    si.si_signo = SIGRTMIN + 4;
    si.si_code = SI_QUEUE;
    si.si_pid = getpid();
    si.si_uid = getuid();
    si.si_value.sival_int = 88;
    out("%s", rv(syscall(SYS_rt_tgsigqueueinfo, getpid(), gettid(), SIGRTMIN + 4, &si)));
    si.si_value.sival_int = 89;
    syscall(SYS_rt_tgsigqueueinfo, getpid(), gettid(), SIGRTMIN + 4, &si);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGRTMIN + 4);
    siginfo_t a, b;
    sigwaitinfo(&s, &a);
    sigwaitinfo(&s, &b);
    out("values=%d,%d code=%s", a.si_value.sival_int, b.si_value.sival_int,
        codename(a.si_signo, a.si_code));
    out("wrong-tid=%s", rv(syscall(SYS_rt_tgsigqueueinfo, getpid(), 0x3ffffff0, SIGRTMIN + 4, &si)));
}

static char altstack[65536] __attribute__((aligned(16)));
static volatile int alt_inside, alt_flags;
static volatile long alt_uc_off_ok, alt_pretcode_ok, alt_ucstack;
static volatile unsigned long alt_uc_flags;
static volatile long alt_info_minus_uc;
static void (*volatile alt_restorer)(void);

static void alt_handler(int sig, siginfo_t *si, void *ucp)
{
    ucontext_t *uc = ucp;
    (void)sig;
    char local;
    stack_t cur;
    sigaltstack(NULL, &cur);
    alt_flags = cur.ss_flags;
    alt_inside = &local >= altstack && &local < altstack + sizeof altstack;
    alt_uc_off_ok = (char *)uc >= altstack && (char *)uc < altstack + sizeof altstack &&
                    (char *)si >= altstack && (char *)si < altstack + sizeof altstack;
    alt_info_minus_uc = (char *)si - (char *)uc;
    alt_pretcode_ok = *(uint64_t *)((char *)uc - 8) == (uint64_t)(uintptr_t)alt_restorer;
    alt_uc_flags = uc->uc_flags;
    alt_ucstack = uc->uc_stack.ss_sp == altstack && uc->uc_stack.ss_size == sizeof altstack &&
                  uc->uc_stack.ss_flags == 0;
    hits++;
}

static void case_sigaltstack(void)
{
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0}, old;
    out("%s", rv(sigaltstack(&ss, &old)));
    out("old-flags=%s", old.ss_flags == SS_DISABLE ? "SS_DISABLE" : "other");
    memset(&old, 0, sizeof old);
    sigaltstack(NULL, &old);
    out("query: sp=%s size=%zu flags=%d", old.ss_sp == altstack ? "ours" : "other",
        (size_t)old.ss_size, old.ss_flags);
    stack_t tiny = {.ss_sp = altstack, .ss_size = 512, .ss_flags = 0};
    out("tiny=%s", rv(sigaltstack(&tiny, NULL)));
    stack_t badf = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0x1234};
    out("badflags=%s", rv(sigaltstack(&badf, NULL)));
    on(SIGUSR1, alt_handler, SA_ONSTACK);
    struct sigaction q;
    sigaction(SIGUSR1, NULL, &q);
    alt_restorer = q.sa_restorer;
    raise(SIGUSR1);
    out("handler: onstack=%s frame-on-altstack=%s flags=%s uc_stack=%s", alt_inside ? "yes" : "no",
        alt_uc_off_ok ? "yes" : "no", alt_flags == SS_ONSTACK ? "SS_ONSTACK" : "other",
        alt_ucstack ? "ours" : "other");
}

static void case_timer_create(void)
{
    block(SIGRTMIN + 1);
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGRTMIN + 1;
    ev.sigev_value.sival_int = 99;
    timer_t t;
    out("%s", rv(timer_create(CLOCK_MONOTONIC, &ev, &t)));
    struct itimerspec its = {{0, 0}, {0, 10000000}};
    out("settime=%s", rv(timer_settime(t, 0, &its, NULL)));
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGRTMIN + 1);
    siginfo_t si;
    memset(&si, 0, sizeof si);
    out("wait=%s", signame((int)sigwaitinfo(&s, &si)));
    siginfo_fields(&si);
    out("value=%d timerid=%s overrun=%d", si.si_value.sival_int,
        si.si_timerid == (int)(intptr_t)t ? "match" : "other", si.si_overrun);
    struct itimerspec cur;
    out("gettime=%s", rv(timer_gettime(t, &cur)));
    out("disarmed=%s", cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec == 0 ? "yes" : "no");
    out("delete=%s", rv(timer_delete(t)));
    /* SIGEV_THREAD_ID to ourselves, and a bad notify type. */
    ev.sigev_notify = SIGEV_THREAD_ID;
    ev._sigev_un._tid = gettid();
    out("thread-id=%s", rv(timer_create(CLOCK_REALTIME, &ev, &t)));
    ev.sigev_notify = 77;
    out("bad-notify=%s", rv(timer_create(CLOCK_REALTIME, &ev, &t)));
}

static void case_mq_notify(void)
{
    char name[48];
    snprintf(name, sizeof name, "/x32st-%d", (int)getpid());
    struct mq_attr at = {.mq_maxmsg = 4, .mq_msgsize = 32};
    mqd_t q = mq_open(name, O_CREAT | O_RDWR | O_EXCL, 0600, &at);
    out("open=%s", q == (mqd_t)-1 ? rv(-1) : "ok");
    if (q == (mqd_t)-1)
        return;
    mq_unlink(name);
    block(SIGUSR1);
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGUSR1;
    ev.sigev_value.sival_int = 31;
    out("%s", rv(mq_notify(q, &ev)));
    out("busy=%s", rv(mq_notify(q, &ev)));
    mq_send(q, "msg", 3, 5);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    siginfo_t si;
    memset(&si, 0, sizeof si);
    struct timespec ts = {2, 0};
    out("wait=%s", rv(sigtimedwait(&s, &si, &ts)));
    siginfo_fields(&si);
    out("value=%d pid=%s", si.si_value.sival_int, pidname(si.si_pid));
    struct mq_attr g;
    out("getattr=%s", rv(mq_getattr(q, &g)));
    out("curmsgs=%ld msgsize=%ld", (long)g.mq_curmsgs,
        (long)g.mq_msgsize);
    out("ebadf=%s", rv(mq_notify(999, &ev)));
}

static void case_kexec_load(void)
{
    /* Flags no kernel knows: refused before anything is loaded. */
    out("%s", rv(syscall(SYS_kexec_load, 0, 0, NULL, 0x100UL)));
}

static void case_waitid(void)
{
    pid_t c = fork();
    if (c == 0)
        _exit(7);
    child_pid = c;
    siginfo_t si;
    memset(&si, 0, sizeof si);
    out("%s", rv(waitid(P_PID, (id_t)c, &si, WEXITED)));
    siginfo_fields(&si);
    out("status=%d pid=%s uid=%s", si.si_status, pidname(si.si_pid), uidname(si.si_uid));
    c = fork();
    if (c == 0) {
        raise(SIGTERM);
        _exit(1);
    }
    child_pid = c;
    memset(&si, 0, sizeof si);
    out("killed=%s", rv(waitid(P_ALL, 0, &si, WEXITED)));
    out("code=%s status=%s", codename(SIGCHLD, si.si_code), signame(si.si_status));
    c = fork();
    if (c == 0) {
        raise(SIGSTOP);
        for (;;) /* stays alive, so "continued" can be waited for */
            pause();
    }
    child_pid = c;
    memset(&si, 0, sizeof si);
    out("stopped=%s", rv(waitid(P_PID, (id_t)c, &si, WSTOPPED)));
    out("code=%s status=%s", codename(SIGCHLD, si.si_code), signame(si.si_status));
    kill(c, SIGCONT);
    memset(&si, 0, sizeof si);
    out("continued=%s", rv(waitid(P_PID, (id_t)c, &si, WCONTINUED)));
    out("code=%s", codename(SIGCHLD, si.si_code));
    kill(c, SIGKILL);
    waitid(P_PID, (id_t)c, &si, WEXITED);
    memset(&si, 0x55, sizeof si);
    out("nohang=%s", rv(waitid(P_ALL, 0, &si, WEXITED | WNOHANG)));
    out("einval=%s", rv(waitid(P_ALL, 0, &si, 0)));
}

static void case_robust_list(void)
{
    void *head = NULL;
    size_t len = 0;
    out("get=%s", rv(syscall(SYS_get_robust_list, 0, &head, &len)));
    out("len=%zu head=%s", len, head ? "set" : "null");
    struct { uint32_t next; int32_t futex_offset; uint32_t pending; } mine;
    mine.next = (uint32_t)(uintptr_t)&mine;
    mine.futex_offset = -8;
    mine.pending = 0;
    out("set=%s", rv(syscall(SYS_set_robust_list, &mine, sizeof mine)));
    void *h2 = NULL;
    size_t l2 = 0;
    syscall(SYS_get_robust_list, 0, &h2, &l2);
    out("get-again: head=%s len=%zu", h2 == &mine ? "ours" : "other", l2);
    out("badlen=%s", rv(syscall(SYS_set_robust_list, &mine, 24)));
    out("esrch=%s", rv(syscall(SYS_get_robust_list, 0x3ffffff0, &h2, &l2)));
    syscall(SYS_set_robust_list, head, len);
}

static void case_vmsplice(void)
{
    int p[2];
    pipe(p);
    char a[] = "vm", b[] = "splice";
    struct iovec iov[2] = {{a, 2}, {b, 6}};
    out("%s", rv(vmsplice(p[1], iov, 2, 0)));
    char buf[16] = {0};
    out("read=%s", rv(read(p[0], buf, sizeof buf)));
    out("got=%s", buf);
    out("ebadf=%s", rv(vmsplice(999, iov, 2, 0)));
}

static void case_move_pages(void)
{
    static char page[4096] __attribute__((aligned(4096)));
    page[0] = 1;
    void *pages[1] = {page};
    int status[1] = {-99};
    out("%s", rv(syscall(SYS_move_pages, 0, 1, pages, NULL, status, 0)));
    out("status=%d", status[0]);
}

static void case_preadv_pwritev(void)
{
    int fd = open(shm_path("pv"), O_RDWR | O_CREAT | O_TRUNC, 0600);
    char a[] = "0123", b[] = "456789";
    struct iovec w[2] = {{a, 4}, {b, 6}};
    out("pwritev=%s", rv(pwritev(fd, w, 2, 100)));
    char x[3] = {0}, y[8] = {0};
    struct iovec r[2] = {{x, 2}, {y, 7}};
    out("preadv=%s", rv(preadv(fd, r, 2, 101)));
    out("got=%s|%s", x, y);
    out("pos=%s", rv(lseek(fd, 0, SEEK_CUR)));
    struct stat st;
    fstat(fd, &st);
    out("size=%lld", (long long)st.st_size);
    /* A 64-bit offset (split across two registers in the compat ABI, whole in x32). */
    out("big-offset=%s", rv(pwritev(fd, w, 1, 0x100000000LL)));
    fstat(fd, &st);
    out("size=%lld", (long long)st.st_size);
    out("negative=%s", rv(preadv(fd, r, 2, -5)));
    unlink(shm_path("pv"));
}

static void case_preadv2_pwritev2(void)
{
    int fd = open(shm_path("pv2"), O_RDWR | O_CREAT | O_TRUNC, 0600);
    char a[] = "abcdef";
    struct iovec w[1] = {{a, 6}};
    out("pwritev2=%s", rv(pwritev2(fd, w, 1, -1, 0)));
    out("pos=%s", rv(lseek(fd, 0, SEEK_CUR)));
    out("at-offset=%s", rv(pwritev2(fd, w, 1, 10, RWF_DSYNC)));
    out("pos=%s", rv(lseek(fd, 0, SEEK_CUR)));
    char x[4] = {0};
    struct iovec r[1] = {{x, 3}};
    out("preadv2=%s", rv(preadv2(fd, r, 1, 11, 0)));
    out("got=%s", x);
    out("bad-flags=%s", rv(preadv2(fd, r, 1, 0, 0x40000000)));
    lseek(fd, 2, SEEK_SET);
    out("current=%s", rv(preadv2(fd, r, 1, -1, 0)));
    out("got=%s", x);
    out("append=%s", rv(pwritev2(fd, w, 1, 0, RWF_APPEND)));
    struct stat st;
    fstat(fd, &st);
    out("size=%lld", (long long)st.st_size);
    unlink(shm_path("pv2"));
}

static void case_mmsg(void)
{
    int sv[2];
    socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
    char d[3][8] = {"m1", "m22", "m333"};
    struct iovec iv[3];
    struct mmsghdr mm[3];
    memset(mm, 0, sizeof mm);
    for (int i = 0; i < 3; i++) {
        iv[i].iov_base = d[i];
        iv[i].iov_len = strlen(d[i]);
        mm[i].msg_hdr.msg_iov = &iv[i];
        mm[i].msg_hdr.msg_iovlen = 1;
    }
    out("sendmmsg=%s", rv(sendmmsg(sv[0], mm, 3, 0)));
    out("lens=%u,%u,%u", mm[0].msg_len,
        mm[1].msg_len, mm[2].msg_len);
    char r[4][8];
    struct iovec riv[4];
    struct mmsghdr rm[4];
    memset(rm, 0, sizeof rm);
    memset(r, 0, sizeof r);
    for (int i = 0; i < 4; i++) {
        riv[i].iov_base = r[i];
        riv[i].iov_len = 8;
        rm[i].msg_hdr.msg_iov = &riv[i];
        rm[i].msg_hdr.msg_iovlen = 1;
    }
    struct timespec ts = {0, 50000000};
    out("recvmmsg=%s", rv(recvmmsg(sv[1], rm, 4, MSG_DONTWAIT, &ts)));
    out("got=%s,%s,%s lens=%u,%u,%u", r[0], r[1], r[2], rm[0].msg_len, rm[1].msg_len,
        rm[2].msg_len);
    out("empty=%s", rv(recvmmsg(sv[1], rm, 4, MSG_DONTWAIT, NULL)));
    struct timespec bad = {0, 2000000000};
    out("bad-timeout=%s", rv(recvmmsg(sv[1], rm, 4, 0, &bad)));
}

static void case_process_vm(void)
{
    char src[] = "process-vm", dst[16] = {0}, d2[4] = {0};
    struct iovec local[2] = {{dst, 7}, {d2, 3}}, remote[1] = {{src, 10}};
    out("readv=%s", rv(process_vm_readv(getpid(), local, 2, remote, 1, 0)));
    out("got=%s|%.3s", dst, d2);
    char w[] = "XY";
    struct iovec l2[1] = {{w, 2}}, r2[1] = {{src, 2}};
    out("writev=%s", rv(process_vm_writev(getpid(), l2, 1, r2, 1, 0)));
    out("now=%s", src);
    struct iovec bad[1] = {{(void *)4096, 4}};
    out("efault=%s", rv(process_vm_readv(getpid(), local, 1, bad, 1, 0)));
    out("einval=%s", rv(process_vm_readv(getpid(), local, 1, remote, 1, 1)));
}

static void case_sockopt(void)
{
    int s = socket(AF_UNIX, SOCK_DGRAM, 0);
    struct timeval tv = {3, 500000}, got = {0, 0};
    socklen_t l = sizeof got;
    out("SO_RCVTIMEO=%s", rv(setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv)));
    out("get=%s", rv(getsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &got, &l)));
    out("len=%u value=%lld.%06lld", (unsigned)l, (long long)got.tv_sec, (long long)got.tv_usec);
    struct linger lg = {1, 5}, lg2;
    l = sizeof lg2;
    setsockopt(s, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
    out("linger=%s", rv(getsockopt(s, SOL_SOCKET, SO_LINGER, &lg2, &l)));
    out("len=%u %d/%d", (unsigned)l, lg2.l_onoff, lg2.l_linger);
    struct sock_filter insn[1] = {{0x06, 0, 0, 0xffffffff}}; /* BPF_RET|BPF_K: accept */
    struct sock_fprog prog = {1, insn};
    out("SO_ATTACH_FILTER=%s", rv(setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof prog)));
    out("detach=%s", rv(setsockopt(s, SOL_SOCKET, SO_DETACH_FILTER, &prog, sizeof prog)));
    int type = 0;
    l = sizeof type;
    out("SO_TYPE=%s", rv(getsockopt(s, SOL_SOCKET, SO_TYPE, &type, &l)));
    out("%s", type == SOCK_DGRAM ? "DGRAM" : "other");
    int sv[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
    struct ucred cr;
    l = sizeof cr;
    out("SO_PEERCRED=%s", rv(getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &cr, &l)));
    out("len=%u pid=%s uid=%s", (unsigned)l, pidname(cr.pid), uidname(cr.uid));
    l = 2;
    out("short=%s", rv(getsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &got, &l)));
    out("enoprotoopt=%s", rv(setsockopt(s, SOL_SOCKET, 9999, &type, sizeof type)));
}

static void case_aio(void)
{
    aio_context_t ctx = 0;
    out("io_setup=%s", rv(syscall(SYS_io_setup, 4, &ctx)));
    int fd = open(shm_path("aio"), O_RDWR | O_CREAT | O_TRUNC, 0600);
    write(fd, "asynchronous", 12);
    char buf[8] = {0};
    struct iocb cb;
    memset(&cb, 0, sizeof cb);
    cb.aio_lio_opcode = IOCB_CMD_PREAD;
    cb.aio_fildes = (uint32_t)fd;
    cb.aio_buf = (uint64_t)(uintptr_t)buf;
    cb.aio_nbytes = 5;
    cb.aio_offset = 1;
    cb.aio_data = 0xabcdef0123ULL;
    struct iocb *list[1] = {&cb};
    out("io_submit=%s", rv(syscall(SYS_io_submit, ctx, 1, list)));
    struct io_event ev[1];
    memset(ev, 0, sizeof ev);
    struct timespec ts = {2, 0};
    out("io_getevents=%s", rv(syscall(SYS_io_getevents, ctx, 1, 1, ev, &ts)));
    out("res=%lld data=%s obj=%s got=%s", (long long)ev[0].res,
        ev[0].data == 0xabcdef0123ULL ? "ok" : "wrong",
        ev[0].obj == (uint64_t)(uintptr_t)&cb ? "ok" : "wrong", buf);
    cb.aio_lio_opcode = 99;
    out("bad-op=%s", rv(syscall(SYS_io_submit, ctx, 1, list)));
    out("io_destroy=%s", rv(syscall(SYS_io_destroy, ctx)));
    unlink(shm_path("aio"));
}

/* The 64-bit numbers of the x32-specific calls, and numbers x32 never had, answer
 * ENOSYS with the x32 bit; numbers past the table too.  Without the bit, a call is a
 * plain x86-64 system call, which an x32 process may make. */
static void case_x32_numbers(void)
{
    static const int native_only[] = {13, 15, 16, 19, 20, 45, 46, 47, 54, 55, 59, 101, 127,
                                      128, 129, 131, 134, 156, 174, 177, 178, 180, 181, 182,
                                      183, 184, 185, 205, 206, 209, 211, 214, 215, 222, 236,
                                      244, 246, 247, 273, 274, 278, 279, 295, 296, 297, 299,
                                      307, 310, 311, 322, 327, 328};
    int enosys = 0, other = 0;
    for (size_t i = 0; i < sizeof native_only / sizeof native_only[0]; i++) {
        long long r = sc6(0x40000000LL | native_only[i], 0, 0, 0, 0, 0, 0);
        if (r == -ENOSYS)
            enosys++;
        else {
            other++;
            out("nr%d=%s", native_only[i], rr(r));
        }
    }
    out("64-only-numbers: ENOSYS=%d other=%d", enosys, other);
    out("548=%s 600=%s 1023=%s", rr(sc6(0x40000000LL | 548, 0, 0, 0, 0, 0, 0)),
        rr(sc6(0x40000000LL | 600, 0, 0, 0, 0, 0, 0)), rr(sc6(0x40000000LL | 1023, 0, 0, 0, 0, 0, 0)));
    long long a = sc6(SYS_getpid, 0, 0, 0, 0, 0, 0);
    long long b = sc6(39 /* getpid, without the x32 bit */, 0, 0, 0, 0, 0, 0);
    out("getpid-x32=%s getpid-64=%s", a == getpid() ? "self" : rr(a), b == getpid() ? "self" : rr(b));
    long long u = sc6(102 /* getuid, x86-64 number */, 0, 0, 0, 0, 0, 0);
    out("getuid-64=%s", u == getuid() ? "self" : rr(u));
}

/* ========== refused by the runner on purpose (listed in known-differences) ========== */

static void case_io_uring(void)
{
    struct io_uring_params p;
    memset(&p, 0, sizeof p);
    long fd = syscall(SYS_io_uring_setup, 4, &p);
    out("%s", fd >= 0 ? "fd" : rv(fd));
    if (fd >= 0)
        out("sq_entries=%u cq_entries=%u", p.sq_entries, p.cq_entries);
}

static void case_seccomp(void)
{
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    struct sock_filter allow[1] = {{0x06, 0, 0, SECCOMP_RET_ALLOW}};
    struct sock_fprog prog = {1, allow};
    out("filter=%s", rv(syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog)));
    out("prctl=%s", rv(prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0)));
    FILE *f = fopen("/proc/self/status", "r");
    char l[256];
    while (f && fgets(l, sizeof l, f))
        if (!strncmp(l, "Seccomp:", 8))
            out("status=%c", l[strspn(l + 8, " \t") + 8]);
    if (f)
        fclose(f);
}

/* ================= common calls whose structures differ in size ================= */

static void case_stat(void)
{
    int fd = open(shm_path("st"), O_RDWR | O_CREAT | O_TRUNC, 0640);
    write(fd, "1234567", 7);
    struct stat st;
    memset(&st, 0x55, sizeof st);
    out("stat=%s", rv(stat(shm_path("st"), &st)));
    out("size=%lld mode=%o nlink=%lu blocks>0=%s uid=%s sizeof=%zu", (long long)st.st_size, st.st_mode,
        (unsigned long)st.st_nlink, st.st_blocks > 0 ? "yes" : "no", uidname(st.st_uid),
        sizeof st);
    out("nsec<1e9=%s", st.st_mtim.tv_nsec >= 0 && st.st_mtim.tv_nsec < 1000000000 ? "yes" : "no");
    struct timespec t[2] = {{1000000000, 123456789}, {2000000000, 987654321}};
    futimens(fd, t);
    fstat(fd, &st);
    out("fstat: atime=%lld.%09lld mtime=%lld.%09lld", (long long)st.st_atim.tv_sec,
        (long long)st.st_atim.tv_nsec, (long long)st.st_mtim.tv_sec, (long long)st.st_mtim.tv_nsec);
    /* A time beyond 2038 (x32 has a 64-bit time_t). */
    struct timespec y[2] = {{4102444800LL, 0}, {4102444800LL, 5}};
    futimens(fd, y);
    fstat(fd, &st);
    out("y2100=%lld", (long long)st.st_mtim.tv_sec);
    int p[2];
    pipe(p);
    fstat(p[0], &st);
    out("pipe=%s", S_ISFIFO(st.st_mode) ? "fifo" : "other");
    out("enoent=%s", rv(stat(shm_path("nope"), &st)));
    unlink(shm_path("st"));
}

static void case_fstatat(void)
{
    symlink("target-name", shm_path("ln"));
    struct stat st;
    out("nofollow=%s", rv(fstatat(AT_FDCWD, shm_path("ln"), &st, AT_SYMLINK_NOFOLLOW)));
    out("lnk=%s size=%lld", S_ISLNK(st.st_mode) ? "yes" : "no", (long long)st.st_size);
    out("follow=%s", rv(fstatat(AT_FDCWD, shm_path("ln"), &st, 0)));
    int d = open(shm_dir, O_RDONLY | O_DIRECTORY);
    out("dirfd=%s", rv(fstatat(d, "ln", &st, AT_SYMLINK_NOFOLLOW)));
    out("empty-path=%s", rv(fstatat(d, "", &st, AT_EMPTY_PATH)));
    out("dir=%s", S_ISDIR(st.st_mode) ? "yes" : "no");
    out("badflag=%s", rv(fstatat(d, "ln", &st, 0x40000000)));
    struct statx sx;
    out("statx=%s", rv(statx(d, "ln", AT_SYMLINK_NOFOLLOW, STATX_SIZE, &sx)));
    out("mask-has-size=%s", sx.stx_mask & STATX_SIZE ? "yes" : "no");
    unlink(shm_path("ln"));
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char **)a, *(char **)b); }

static void case_getdents64(void)
{
    char dir[128];
    snprintf(dir, sizeof dir, "%s", shm_path("d"));
    mkdir(dir, 0700);
    const char *names[] = {"a-file", "b-dir", "c-long-name-to-make-the-record-longer-than-others"};
    char p[256];
    snprintf(p, sizeof p, "%s/%s", dir, names[0]);
    close(open(p, O_CREAT | O_WRONLY, 0600));
    snprintf(p, sizeof p, "%s/%s", dir, names[1]);
    mkdir(p, 0700);
    snprintf(p, sizeof p, "%s/%s", dir, names[2]);
    close(open(p, O_CREAT | O_WRONLY, 0600));
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    char buf[4096] __attribute__((aligned(8)));
    char *found[16];
    int n = 0;
    long r = syscall(SYS_getdents64, fd, buf, sizeof buf);
    out("getdents64=%s", r > 0 ? "bytes" : rv(r));
    for (long off = 0; off < r && n < 16;) {
        struct { uint64_t ino; int64_t off; unsigned short reclen; unsigned char type; char name[]; } *e =
            (void *)(buf + off);
        static char item[16][80];
        snprintf(item[n], sizeof item[n], "%s:%s", e->name,
                 e->type == DT_DIR ? "dir" : e->type == DT_REG ? "reg" : "other");
        found[n] = item[n];
        n++;
        off += e->reclen;
    }
    qsort(found, (size_t)n, sizeof found[0], cmp_str);
    for (int i = 0; i < n; i++)
        out("%s", found[i]);
    out("end=%s", rv(syscall(SYS_getdents64, fd, buf, sizeof buf)));
    lseek(fd, 0, SEEK_SET);
    out("small-buffer=%s", rv(syscall(SYS_getdents64, fd, buf, 8)));
    out("enotdir=%s", rv(syscall(SYS_getdents64, 0, buf, sizeof buf)));
    for (int i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        i == 1 ? rmdir(p) : unlink(p);
    }
    rmdir(dir);
}

static void case_clock_gettime(void)
{
    struct timespec raw, vdso;
    long long r = sc6(SYS_clock_gettime, CLOCK_MONOTONIC, (long long)(uintptr_t)&raw, 0, 0, 0, 0);
    clock_gettime(CLOCK_MONOTONIC, &vdso);
    out("raw=%s sec>0=%s nsec<1e9=%s vdso-agrees=%s", rr(r), raw.tv_sec > 0 ? "yes" : "no",
        raw.tv_nsec >= 0 && raw.tv_nsec < 1000000000 ? "yes" : "no",
        vdso.tv_sec - raw.tv_sec <= 1 && vdso.tv_sec >= raw.tv_sec ? "yes" : "no");
    struct timespec rt;
    clock_gettime(CLOCK_REALTIME, &rt);
    out("realtime-after-2020=%s", rt.tv_sec > 1577836800 ? "yes" : "no");
    out("einval=%s", rr(sc6(SYS_clock_gettime, 12345, (long long)(uintptr_t)&raw, 0, 0, 0, 0)));
    out("efault=%s", rr(sc6(SYS_clock_gettime, CLOCK_MONOTONIC, 16, 0, 0, 0, 0)));
    struct timespec res;
    out("getres=%s", rr(sc6(SYS_clock_getres, CLOCK_MONOTONIC, (long long)(uintptr_t)&res, 0, 0, 0, 0)));
    struct timespec cpu;
    out("cputime=%s", rv(clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu)));
}

static void case_gettimeofday(void)
{
    struct timeval tv;
    struct { int mw, dst; } tz = {-1, -1};
    long long r = sc6(SYS_gettimeofday, (long long)(uintptr_t)&tv, (long long)(uintptr_t)&tz, 0, 0, 0, 0);
    time_t now = time(NULL);
    /* time() reads the kernel's coarse clock, which can trail gettimeofday() by a
     * tick across a second boundary: one second either way agrees. */
    out("%s usec<1e6=%s agrees-with-time=%s sizeof=%zu", rr(r),
        tv.tv_usec >= 0 && tv.tv_usec < 1000000 ? "yes" : "no",
        now - tv.tv_sec <= 2 && tv.tv_sec - now <= 1 ? "yes" : "no", sizeof tv);
    out("efault=%s", rr(sc6(SYS_gettimeofday, 16, 0, 0, 0, 0, 0)));
}

static void case_times(void)
{
    struct tms t;
    memset(&t, 0xff, sizeof t);
    clock_t r = times(&t);
    out("ok=%s fields>=0=%s sizeof=%zu", r != (clock_t)-1 ? "yes" : "no",
        t.tms_utime >= 0 && t.tms_stime >= 0 && t.tms_cutime >= 0 && t.tms_cstime >= 0 ? "yes" : "no",
        sizeof t);
}

static void case_getrusage(void)
{
    struct rusage ru;
    memset(&ru, 0xff, sizeof ru);
    out("%s", rv(getrusage(RUSAGE_SELF, &ru)));
    out("maxrss>0=%s usec<1e6=%s sizeof=%zu", ru.ru_maxrss > 0 ? "yes" : "no",
        ru.ru_utime.tv_usec >= 0 && ru.ru_utime.tv_usec < 1000000 ? "yes" : "no", sizeof ru);
    out("children=%s", rv(getrusage(RUSAGE_CHILDREN, &ru)));
    out("einval=%s", rv(getrusage(77, &ru)));
}

static void case_sysinfo(void)
{
    struct sysinfo si;
    memset(&si, 0, sizeof si);
    out("%s", rv(sysinfo(&si)));
    out("uptime>0=%s totalram>0=%s freeram<=total=%s mem_unit=%u procs>0=%s sizeof=%zu",
        si.uptime > 0 ? "yes" : "no", si.totalram > 0 ? "yes" : "no",
        si.freeram <= si.totalram ? "yes" : "no", si.mem_unit, si.procs > 0 ? "yes" : "no",
        sizeof si);
}

static void case_uname(void)
{
    struct utsname u;
    out("%s", rv(uname(&u)));
    out("sysname=%s machine=%s", u.sysname, u.machine);
    out("personality=%s", rv(personality(0xffffffff)));
}

static void case_mmap(void)
{
    long long len = 1 << 20;
    long long a = sc6(SYS_mmap, 0, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    out("anon=%s", ptr_class(a));
    long long hint = sc6(SYS_mmap, 0x200000000LL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    out("high-hint=%s", ptr_class(hint));
    long long fixed = sc6(SYS_mmap, 0x200000000LL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    out("fixed-high=%s", ptr_class(fixed));
    long long noreplace = sc6(SYS_mmap, 0x200000000LL, 4096, PROT_READ,
                              MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    out("noreplace-high=%s", ptr_class(noreplace));
    long long straddle = sc6(SYS_mmap, 0xfff00000LL, 0x200000, PROT_READ,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    out("fixed-straddling-4G=%s", ptr_class(straddle));
    out("5GiB=%s", ptr_class(sc6(SYS_mmap, 0, 5LL << 30, PROT_NONE,
                                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)));
    long long m = sc6(SYS_mremap, a, len, 64 * len, MREMAP_MAYMOVE, 0, 0);
    out("mremap-grow=%s", ptr_class(m));
    long long m2 = sc6(SYS_mremap, m, 64 * len, 4096, 0, 0, 0);
    out("mremap-shrink=%s same=%s", ptr_class(m2), m2 == m ? "yes" : "no");
    out("mremap-fixed-high=%s", ptr_class(sc6(SYS_mremap, m, 4096, 4096,
                                              MREMAP_MAYMOVE | MREMAP_FIXED, 0x300000000LL, 0)));
    out("munmap=%s", rr(sc6(SYS_munmap, m2, 4096, 0, 0, 0, 0)));
    out("einval=%s", ptr_class(sc6(SYS_mmap, 0, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)));
}

static void case_brk(void)
{
    long long cur = sc6(SYS_brk, 0, 0, 0, 0, 0, 0);
    out("brk0=%s", (unsigned long long)cur < 1ULL << 32 && cur > 0 ? "ptr<4G" : "other");
    long long grown = sc6(SYS_brk, cur + 65536, 0, 0, 0, 0, 0);
    out("grow=%s", grown == cur + 65536 ? "+64K" : "other");
    volatile char *p = (volatile char *)(uintptr_t)(cur + 65535);
    *p = 1;
    out("writable=yes");
    long long shrunk = sc6(SYS_brk, cur, 0, 0, 0, 0, 0);
    out("shrink=%s", shrunk == cur ? "back" : "other");
    long long huge = sc6(SYS_brk, 0x180000000LL, 0, 0, 0, 0, 0);
    out("beyond-4G=%s", huge == cur ? "unchanged" : "other");
}

static void case_prlimit(void)
{
    struct rlimit old, g;
    out("%s", rv(prlimit(0, RLIMIT_NOFILE, NULL, &old)));
    getrlimit(RLIMIT_NOFILE, &g);
    out("same-as-getrlimit=%s", old.rlim_cur == g.rlim_cur && old.rlim_max == g.rlim_max ? "yes" : "no");
    struct rlimit c = {0, 0}, back;
    getrlimit(RLIMIT_CORE, &back);
    c.rlim_max = back.rlim_max;
    out("set-core=%s", rv(prlimit(0, RLIMIT_CORE, &c, NULL)));
    getrlimit(RLIMIT_CORE, &back);
    out("core-now=%llu", (unsigned long long)back.rlim_cur);
    struct rlimit inf = {RLIM_INFINITY, RLIM_INFINITY};
    struct rlimit64 { uint64_t cur, max; } r64;
    out("raw=%s", rv(syscall(SYS_prlimit64, 0, RLIMIT_CPU, NULL, &r64)));
    out("cpu-infinite=%s", r64.cur == UINT64_MAX ? "yes" : "no");
    struct rlimit bad = {10, 5};
    out("einval=%s", rv(prlimit(0, RLIMIT_NOFILE, &bad, NULL)));
    out("esrch=%s", rv(prlimit(0x3ffffff0, RLIMIT_NOFILE, NULL, &old)));
    (void)inf;
}

static void case_sched_getaffinity(void)
{
    unsigned char mask[128];
    memset(mask, 0, sizeof mask);
    long r = syscall(SYS_sched_getaffinity, 0, sizeof mask, mask);
    /* The size is the kernel's cpumask (NR_CPUS-dependent): only its alignment counts. */
    out("%s cpu0=%s", r > 0 && r % 8 == 0 ? "bytes%8=0" : rv(r), mask[0] & 1 ? "set" : "clear");
    out("len4=%s", rv(syscall(SYS_sched_getaffinity, 0, 4, mask)));
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(0, &s);
    out("set-cpu0=%s", rv(sched_setaffinity(0, sizeof s, &s)));
    CPU_ZERO(&s);
    sched_getaffinity(0, sizeof s, &s);
    out("count=%d", CPU_COUNT(&s));
}

static void case_select(void)
{
    int p[2];
    pipe(p);
    write(p[1], "x", 1);
    fd_set r;
    FD_ZERO(&r);
    FD_SET(p[0], &r);
    struct timeval tv = {1, 0};
    out("ready=%s", rv(select(p[0] + 1, &r, NULL, NULL, &tv)));
    out("isset=%s", FD_ISSET(p[0], &r) ? "yes" : "no");
    char c;
    read(p[0], &c, 1);
    FD_ZERO(&r);
    FD_SET(p[0], &r);
    tv.tv_sec = 0;
    tv.tv_usec = 20000;
    out("timeout=%s", rv(select(p[0] + 1, &r, NULL, NULL, &tv)));
    out("left=%lld.%06lld", (long long)tv.tv_sec, (long long)tv.tv_usec);
    tv.tv_usec = 2000000;
    out("bad-tv=%s", rv(select(p[0] + 1, &r, NULL, NULL, &tv)));
    /* pselect6: the temporary mask lets a pending signal in: EINTR. */
    on(SIGUSR1, record, 0);
    block(SIGUSR1);
    raise(SIGUSR1);
    sigset_t empty;
    sigemptyset(&empty);
    struct timespec ts = {2, 0};
    FD_ZERO(&r);
    FD_SET(p[0], &r);
    out("pselect-eintr=%s", rv(pselect(p[0] + 1, &r, NULL, NULL, &ts, &empty)));
    out("handled=%d", hits);
    sigset_t now;
    sigprocmask(SIG_BLOCK, NULL, &now);
    out("mask-restored=%s", sigismember(&now, SIGUSR1) ? "yes" : "no");
    ts.tv_sec = 0;
    ts.tv_nsec = 10000000;
    out("pselect-timeout=%s", rv(pselect(p[0] + 1, &r, NULL, NULL, &ts, NULL)));
}

static void case_poll(void)
{
    int p[2];
    pipe(p);
    write(p[1], "x", 1);
    struct pollfd f[2] = {{p[0], POLLIN, 0}, {p[1], POLLOUT, 0}};
    out("poll=%s", rv(poll(f, 2, 1000)));
    out("revents=%#x,%#x", f[0].revents, f[1].revents);
    close(p[1]);
    char c;
    read(p[0], &c, 1);
    f[1].fd = -1;
    out("hup=%s", rv(poll(f, 2, 1000)));
    out("revents=%#x", f[0].revents);
    int q[2];
    pipe(q);
    struct pollfd g[1] = {{q[0], POLLIN, 0}};
    struct timespec ts = {0, 10000000};
    out("ppoll-timeout=%s", rv(ppoll(g, 1, &ts, NULL)));
    on(SIGUSR2, record, 0);
    block(SIGUSR2);
    raise(SIGUSR2);
    sigset_t empty;
    sigemptyset(&empty);
    ts.tv_sec = 2;
    out("ppoll-eintr=%s", rv(ppoll(g, 1, &ts, &empty)));
    out("handled=%d", hits);
    struct pollfd bad[1] = {{999, POLLIN, 0}};
    out("nval=%s", rv(poll(bad, 1, 0)));
    out("revents=%#x", bad[0].revents);
}

static void case_epoll(void)
{
    int ep = epoll_create1(EPOLL_CLOEXEC);
    int p[2];
    pipe(p);
    struct epoll_event ev = {.events = EPOLLIN | EPOLLET, .data.u64 = 0x1122334455667788ULL};
    out("ctl=%s", rv(epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev)));
    out("dup=%s", rv(epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev)));
    write(p[1], "x", 1);
    struct epoll_event got[4];
    memset(got, 0, sizeof got);
    out("wait=%s", rv(epoll_wait(ep, got, 4, 1000)));
    out("events=%#x data=%s sizeof=%zu", got[0].events,
        got[0].data.u64 == 0x1122334455667788ULL ? "ok" : "wrong", sizeof got[0]);
    out("edge-again=%s", rv(epoll_wait(ep, got, 4, 10)));
    on(SIGUSR1, record, 0);
    block(SIGUSR1);
    raise(SIGUSR1);
    sigset_t empty;
    sigemptyset(&empty);
    out("pwait-eintr=%s", rv(epoll_pwait(ep, got, 4, 2000, &empty)));
    out("handled=%d", hits);
    out("einval=%s", rv(epoll_wait(ep, got, 0, 0)));
}

static void case_timerfd(void)
{
    int t = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
    struct itimerspec its = {{0, 0}, {0, 10000000}}, cur;
    out("settime=%s", rv(timerfd_settime(t, 0, &its, NULL)));
    uint64_t n = 0;
    out("read=%s", rv(read(t, &n, sizeof n)));
    out("expirations=%llu", (unsigned long long)n);
    out("gettime=%s", rv(timerfd_gettime(t, &cur)));
    out("disarmed=%s", cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec == 0 ? "yes" : "no");
    its.it_interval.tv_sec = 5;
    its.it_value.tv_sec = 5;
    timerfd_settime(t, 0, &its, NULL);
    timerfd_gettime(t, &cur);
    out("interval=%lld value<=5s=%s", (long long)cur.it_interval.tv_sec,
        cur.it_value.tv_sec <= 5 ? "yes" : "no");
    its.it_value.tv_nsec = 1000000000;
    out("einval=%s", rv(timerfd_settime(t, 0, &its, NULL)));
    out("short-read=%s", rv(read(t, &n, 4)));
}

static void case_signalfd(void)
{
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    sigprocmask(SIG_BLOCK, &s, NULL);
    int fd = signalfd(-1, &s, SFD_CLOEXEC);
    union sigval v = {.sival_int = 55};
    sigqueue(getpid(), SIGUSR1, v);
    struct signalfd_siginfo si;
    memset(&si, 0, sizeof si);
    out("read=%s", rv(read(fd, &si, sizeof si)));
    out("signo=%s code=%s int=%d pid=%s uid=%s", signame((int)si.ssi_signo), codename((int)si.ssi_signo, si.ssi_code), si.ssi_int,
        pidname((pid_t)si.ssi_pid), uidname(si.ssi_uid));
    raise(SIGUSR1);
    read(fd, &si, sizeof si);
    out("raise: code=%s", codename((int)si.ssi_signo, si.ssi_code));
    out("short=%s", rv(read(fd, &si, 16)));
    out("einval=%s", rv(signalfd(fd, &s, 0x7777)));
}

static void case_scm_rights(void)
{
    int sv[2];
    out("%s", rv(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv)));
    int a = open(shm_path("r1"), O_RDWR | O_CREAT | O_TRUNC, 0600);
    int b = open(shm_path("r2"), O_RDWR | O_CREAT | O_TRUNC, 0600);
    write(a, "A", 1);
    write(b, "BB", 2);
    int fds[3] = {a, b, a};
    char ctl[CMSG_SPACE(sizeof fds)];
    memset(ctl, 0, sizeof ctl);
    char byte = 'x';
    struct iovec iov = {&byte, 1};
    struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl, .msg_controllen = sizeof ctl};
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof fds);
    memcpy(CMSG_DATA(c), fds, sizeof fds);
    out("send=%s controllen=%zu", rv(sendmsg(sv[0], &m, 0)), sizeof ctl);
    char rctl[CMSG_SPACE(sizeof fds)];
    struct msghdr r = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = rctl, .msg_controllen = sizeof rctl};
    out("recv=%s", rv(recvmsg(sv[1], &r, MSG_CMSG_CLOEXEC)));
    c = CMSG_FIRSTHDR(&r);
    int got[3] = {-1, -1, -1};
    if (c)
        memcpy(got, CMSG_DATA(c), sizeof got);
    out("cmsg_len=%u", c ? (unsigned)c->cmsg_len : 0);
    for (int i = 0; i < 3; i++) {
        struct stat st;
        fstat(got[i], &st);
        out("fd%d: size=%lld cloexec=%s", i, (long long)st.st_size,
            fcntl(got[i], F_GETFD) & FD_CLOEXEC ? "yes" : "no");
    }
    int bad = 999;
    memcpy(CMSG_DATA(CMSG_FIRSTHDR(&m)), (int[3]){bad, bad, bad}, sizeof fds);
    out("ebadf=%s", rv(sendmsg(sv[0], &m, 0)));
    unlink(shm_path("r1"));
    unlink(shm_path("r2"));
}

static void case_statfs(void)
{
    struct statfs a, b;
    out("statfs=%s", rv(statfs(shm_dir, &a)));
    out("type=%s bsize=%lld namelen=%lld sizeof=%zu", a.f_type == 0x01021994 ? "tmpfs" : "other",
        (long long)a.f_bsize, (long long)a.f_namelen, sizeof a);
    int fd = open(shm_dir, O_RDONLY | O_DIRECTORY);
    out("fstatfs=%s", rv(fstatfs(fd, &b)));
    out("same=%s", a.f_type == b.f_type && a.f_blocks == b.f_blocks ? "yes" : "no");
    out("enoent=%s", rv(statfs(shm_path("nope"), &a)));
}

static void case_fcntl_locks(void)
{
    int fd = open(shm_path("lk"), O_RDWR | O_CREAT | O_TRUNC, 0600);
    write(fd, "0123456789", 10);
    struct flock l = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 2, .l_len = 3};
    out("setlk=%s", rv(fcntl(fd, F_SETLK, &l)));
    pid_t c = fork();
    if (c == 0) {
        struct flock q = {.l_type = F_RDLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
        int r = fcntl(fd, F_GETLK, &q);
        int bad = fcntl(fd, F_SETLK, &q) == -1 && (errno == EAGAIN || errno == EACCES);
        _exit(r == 0 && q.l_type == F_WRLCK && q.l_start == 2 && q.l_len == 3 &&
                      q.l_pid == getppid() && bad ? 0 : 1);
    }
    int st;
    waitpid(c, &st, 0);
    out("child-getlk-sees-ours=%s", WIFEXITED(st) && WEXITSTATUS(st) == 0 ? "yes" : "no");
    struct flock o = {.l_type = F_RDLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    out("ofd-getlk=%s", rv(fcntl(fd, F_OFD_GETLK, &o)));
    out("type=%s", o.l_type == F_UNLCK ? "F_UNLCK" : "locked");
    out("einval=%s", rv(fcntl(fd, F_SETLK, (struct flock[]){{.l_type = 99}})));
    unlink(shm_path("lk"));
}

static void case_sysv_shm_msg(void)
{
    int id = shmget(IPC_PRIVATE, 65536, IPC_CREAT | 0600);
    out("shmget=%s", id >= 0 ? "id" : rv(id));
    void *p = shmat(id, NULL, 0);
    out("shmat=%s", p == (void *)-1 ? rv(-1) : ptr_class((long long)(uintptr_t)p));
    struct shmid_ds ds;
    out("stat=%s", rv(shmctl(id, IPC_STAT, &ds)));
    out("segsz=%zu nattch=%lu cpid=%s sizeof=%zu", (size_t)ds.shm_segsz, (unsigned long)ds.shm_nattch,
        pidname(ds.shm_cpid), sizeof ds);
    out("shmdt=%s rmid=%s", rv(shmdt(p)), rv(shmctl(id, IPC_RMID, NULL)));
    int q = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
    struct { long long mtype; char text[16]; } m = {7, "message"}, r;
    out("msgsnd=%s", rv(msgsnd(q, &m, 8, 0)));
    memset(&r, 0, sizeof r);
    out("msgrcv=%s", rv(msgrcv(q, &r, sizeof r.text, 0, IPC_NOWAIT)));
    out("mtype=%lld text=%s", r.mtype, r.text);
    struct msqid_ds mds;
    out("msgctl=%s", rv(msgctl(q, IPC_STAT, &mds)));
    out("qnum=%lu lspid=%s sizeof=%zu", (unsigned long)mds.msg_qnum, pidname(mds.msg_lspid), sizeof mds);
    out("empty=%s", rv(msgrcv(q, &r, sizeof r.text, 0, IPC_NOWAIT)));
    msgctl(q, IPC_RMID, NULL);
}

static void case_futex_time(void)
{
    static uint32_t word = 5;
    struct timespec ts = {0, 20000000};
    out("wait-timeout=%s", rv(syscall(SYS_futex, &word, FUTEX_WAIT, 5, &ts, NULL, 0)));
    out("wait-value-changed=%s", rv(syscall(SYS_futex, &word, FUTEX_WAIT, 6, &ts, NULL, 0)));
    out("wake=%s", rv(syscall(SYS_futex, &word, FUTEX_WAKE, 1, NULL, NULL, 0)));
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    now.tv_nsec += 10000000;
    if (now.tv_nsec >= 1000000000) {
        now.tv_sec++;
        now.tv_nsec -= 1000000000;
    }
    out("clock_nanosleep-abs=%d", clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &now, NULL));
    struct timespec bad = {0, 1000000000};
    out("nanosleep-einval=%s", rv(nanosleep(&bad, NULL)));
    struct timespec rr_;
    out("sched_rr_get_interval=%s", rv(sched_rr_get_interval(0, &rr_)));
    struct itimerval it = {{1, 0}, {5, 0}}, got;
    setitimer(ITIMER_VIRTUAL, &it, NULL);
    out("getitimer=%s", rv(getitimer(ITIMER_VIRTUAL, &got)));
    out("interval=%lld.%06lld value<=5s=%s", (long long)got.it_interval.tv_sec,
        (long long)got.it_interval.tv_usec, got.it_value.tv_sec <= 5 ? "yes" : "no");
    out("bad-which=%s", rv(getitimer(77, &got)));
}

static void case_wait4_rusage(void)
{
    pid_t c = fork();
    if (c == 0) {
        volatile unsigned long x = 0;
        for (unsigned long i = 0; i < 20000000; i++)
            x += i;
        _exit(9);
    }
    child_pid = c;
    int st;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    out("wait4=%s", c == wait4(c, &st, 0, &ru) ? "child" : rv(-1));
    out("status=%d utime-usec<1e6=%s maxrss>0=%s", WEXITSTATUS(st),
        ru.ru_utime.tv_usec >= 0 && ru.ru_utime.tv_usec < 1000000 ? "yes" : "no",
        ru.ru_maxrss > 0 ? "yes" : "no");
    out("echild=%s", rv(wait4(-1, &st, WNOHANG, &ru)));
}

static void case_fds_misc(void)
{
    int e = eventfd(3, EFD_CLOEXEC);
    uint64_t v = 4;
    write(e, &v, 8);
    out("eventfd=%s", rv(read(e, &v, 8)));
    out("value=%llu", (unsigned long long)v);
    out("short=%s", rv(read(e, &v, 4)));
    int m = memfd_create("x32st", MFD_CLOEXEC);
    out("memfd-write=%s", rv(write(m, "memfd", 5)));
    char link[256] = {0}, fdp[64];
    snprintf(fdp, sizeof fdp, "/proc/self/fd/%d", m);
    readlink(fdp, link, sizeof link - 1);
    out("link=%s", !strncmp(link, "/memfd:x32st", 12) ? "/memfd:x32st" : "other");
    int p[2];
    pipe(p);
    off_t off = 1;
    out("sendfile=%s", rv(sendfile(p[1], m, &off, 3)));
    out("off=%lld", (long long)off);
    char buf[8] = {0};
    read(p[0], buf, 3);
    out("got=%s", buf);
    unsigned char r[16];
    out("getrandom=%s", rv(getrandom(r, sizeof r, 0)));
    unsigned cpu = 99, node = 99;
    out("getcpu=%s", rv(syscall(SYS_getcpu, &cpu, &node, NULL)));
    out("cpu-valid=%s node=%u", cpu < 1024 ? "yes" : "no", node);
    int sv[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
    struct sockaddr_un a;
    socklen_t al = sizeof a;
    out("getsockname=%s", rv(getsockname(sv[0], (struct sockaddr *)&a, &al)));
    out("len=%u", (unsigned)al);
    char cwd[256];
    out("getcwd=%s", getcwd(cwd, 4) ? "fits" : rv(-1));
}

static volatile pid_t thread_handler_tid;
static void thread_sig(int sig, siginfo_t *si, void *uc)
{
    record(sig, si, uc);
    thread_handler_tid = gettid();
}

static void *thread_main(void *arg)
{
    volatile pid_t *tid = arg;
    *tid = gettid();
    sigset_t s;
    sigemptyset(&s);
    while (!thread_handler_tid)
        sigsuspend(&s);
    return NULL;
}

static void case_sig_thread(void)
{
    on(SIGUSR1, thread_sig, 0);
    block(SIGUSR1); /* only the thread takes it */
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    volatile pid_t tid = 0;
    pthread_t t;
    pthread_attr_t at;
    pthread_attr_init(&at);
    /* The new thread starts with our mask; unblock inside it via its own sigsuspend. */
    out("create=%d", pthread_create(&t, &at, thread_main, (void *)&tid));
    while (!tid)
        sched_yield();
    out("pthread_kill=%d", pthread_kill(t, SIGUSR1));
    pthread_join(t, NULL);
    out("ran-in-thread=%s code=%s pid=%s", thread_handler_tid == tid ? "yes" : "no",
        codename(SIGUSR1, last_si.si_code), pidname(last_si.si_pid));
    /* A process-directed signal blocked everywhere stays pending for the process. */
    kill(getpid(), SIGUSR1);
    sigset_t p;
    sigpending(&p);
    out("pending=%s", sigismember(&p, SIGUSR1) ? "yes" : "no");
}

static void case_pty_termios(void)
{
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    out("openpt=%s", m >= 0 ? "fd" : rv(m));
    if (m < 0)
        return;
    out("grant=%s unlock=%s", rv(grantpt(m)), rv(unlockpt(m)));
    const char *name = ptsname(m);
    out("ptsname=%s", name && !strncmp(name, "/dev/pts/", 9) ? "/dev/pts/N" : "other");
    int sl = open(name, O_RDWR | O_NOCTTY);
    struct termios t;
    out("tcgetattr=%s", rv(tcgetattr(sl, &t)));
    out("icanon=%s echo=%s", t.c_lflag & ICANON ? "on" : "off", t.c_lflag & ECHO ? "on" : "off");
    cfmakeraw(&t);
    out("tcsetattr=%s", rv(tcsetattr(sl, TCSANOW, &t)));
    struct winsize ws = {.ws_row = 33, .ws_col = 101}, got;
    out("TIOCSWINSZ=%s", rv(ioctl(m, TIOCSWINSZ, &ws)));
    out("TIOCGWINSZ=%s", rv(ioctl(sl, TIOCGWINSZ, &got)));
    out("size=%dx%d", got.ws_col, got.ws_row);
    write(m, "pty", 3);
    char buf[8] = {0};
    out("read=%s got=%s", rv(read(sl, buf, 3)), "pty");
    int n = -1;
    out("isatty=%d,%d", isatty(sl), isatty(m));
    out("TIOCGPTN=%s", rv(ioctl(m, TIOCGPTN, &n)));
}

static void case_old_getdents_time(void)
{
    char dir[128];
    snprintf(dir, sizeof dir, "%s", shm_path("od"));
    mkdir(dir, 0700);
    char p[256];
    snprintf(p, sizeof p, "%s/only-file", dir);
    close(open(p, O_CREAT | O_WRONLY, 0600));
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    char buf[1024] __attribute__((aligned(8)));
    long r = syscall(SYS_getdents, fd, buf, sizeof buf);
    out("getdents=%s", r > 0 ? "bytes" : rv(r));
    /* The x32 kernel runs the native call: struct linux_dirent with 8-byte d_ino and
     * d_off, the type in the record's last byte. */
    char *names[8];
    int k = 0;
    for (long off = 0; off < r && k < 8;) {
        unsigned short reclen;
        memcpy(&reclen, buf + off + 16, 2);
        static char item[8][64];
        snprintf(item[k], sizeof item[k], "%s:%d", buf + off + 18, buf[off + reclen - 1]);
        names[k] = item[k];
        k++;
        off += reclen;
    }
    qsort(names, (size_t)k, sizeof names[0], cmp_str);
    for (int i = 0; i < k; i++)
        out("%s", names[i]);
    unlink(p);
    rmdir(dir);
    /* utime with a 64-bit struct utimbuf, time() with a 64-bit result. */
    int f = open(shm_path("ut"), O_CREAT | O_WRONLY, 0600);
    close(f);
    long long ub[2] = {4102444800LL, 1000000000LL};
    out("utime=%s", rr(sc6(SYS_utime, (long long)(uintptr_t)shm_path("ut"), (long long)(uintptr_t)ub, 0, 0, 0, 0)));
    struct stat st;
    stat(shm_path("ut"), &st);
    out("atime=%lld mtime=%lld", (long long)st.st_atim.tv_sec, (long long)st.st_mtim.tv_sec);
    unlink(shm_path("ut"));
    long long tt = 0;
    long long t = sc6(SYS_time, (long long)(uintptr_t)&tt, 0, 0, 0, 0, 0);
    out("time=%s stored=%s", t > 1577836800LL ? ">2020" : rr(t), tt == t ? "same" : "other");
    alarm(0);
    unsigned a1 = alarm(50);
    unsigned a2 = alarm(20); /* the case's guard again */
    out("alarm=%u then=%u", a1, a2);
    struct timex tx;
    memset(&tx, 0, sizeof tx);
    int a = adjtimex(&tx);
    out("adjtimex=%s tick=%lld sizeof=%zu", a >= 0 ? "state" : rv(a), (long long)tx.tick, sizeof tx);
}

static char prog_path[4096];

static void case_auxv(void)
{
    out("pagesz=%lu clktck=%lu secure=%lu phent=%lu", getauxval(AT_PAGESZ), getauxval(AT_CLKTCK),
        getauxval(AT_SECURE), getauxval(AT_PHENT));
    const char *plat = (const char *)getauxval(AT_PLATFORM);
    out("platform=%s", plat ? plat : "none");
    const char *fn = (const char *)getauxval(AT_EXECFN);
    out("execfn=%s", fn && !strcmp(fn, prog_path) ? "argv0" : fn ? fn : "none");
    out("random=%s base=%s", getauxval(AT_RANDOM) ? "set" : "none", getauxval(AT_BASE) ? "set" : "none");
    extern char _start[];
    out("entry=%s", getauxval(AT_ENTRY) == (unsigned long)(uintptr_t)_start ? "_start" : "other");
    out("uid=%s", getauxval(AT_UID) == getuid() && getauxval(AT_EUID) == geteuid() ? "self" : "other");
    const unsigned char *vdso = (const unsigned char *)getauxval(AT_SYSINFO_EHDR);
    out("vdso=%s", vdso && !memcmp(vdso, ELFMAG, 4) ? (vdso[EI_CLASS] == ELFCLASS32 ? "ELF32" : "ELF64") : "none");
    out("hwcap=%s", getauxval(AT_HWCAP) ? "set" : "zero");
}

static void print_comm_exe(const char *tag)
{
    char comm[32] = {0}, exe[4096] = {0};
    prctl(PR_GET_NAME, comm, 0, 0, 0);
    readlink("/proc/self/exe", exe, sizeof exe - 1);
    char real[4096];
    const char *r = realpath(prog_path, real);
    printf("%s comm=%s exe=%s", tag, comm, r && !strcmp(exe, real) ? "program" : exe);
}

static int comm_child_main(void)
{
    print_comm_exe("child");
    printf("\n");
    return 0;
}

static void case_comm_exe(void)
{
    char comm[32] = {0};
    prctl(PR_GET_NAME, comm, 0, 0, 0);
    out("comm=%s", comm);
    char exe[4096] = {0}, real[4096];
    readlink("/proc/self/exe", exe, sizeof exe - 1);
    const char *r = realpath(prog_path, real);
    out("exe=%s", r && !strcmp(exe, real) ? "program" : "other");
    out("set-name=%s", rv(prctl(PR_SET_NAME, "renamed", 0, 0, 0)));
    prctl(PR_GET_NAME, comm, 0, 0, 0);
    out("now=%s", comm);
    /* After an exec, comm is the basename of the file exec'd, not argv[0]. */
    int p[2];
    pipe(p);
    pid_t c = fork();
    if (c == 0) {
        dup2(p[1], 1);
        char *args[] = {"another-argv0", "--comm-child", NULL};
        execv(prog_path, args);
        _exit(127);
    }
    close(p[1]);
    char buf[256] = {0};
    read(p[0], buf, sizeof buf - 1);
    buf[strcspn(buf, "\n")] = 0;
    waitpid(c, NULL, 0);
    out("exec: %s", buf);
}

static void case_arch_prctl(void)
{
    unsigned long long fs = 0, gs = 1;
    out("get-fs=%s", rv(syscall(SYS_arch_prctl, ARCH_GET_FS, &fs)));
    out("fs=%s", fs == (unsigned long long)(uintptr_t)pthread_self() ? "thread-pointer" : "other");
    out("get-gs=%s gs=%llu", rv(syscall(SYS_arch_prctl, ARCH_GET_GS, &gs)), 0ULL);
    out("bad-code=%s", rv(syscall(SYS_arch_prctl, 0x9999, &fs)));
}

/* ================================ signal delivery ================================ */

static void case_sig_kill(void)
{
    on(SIGUSR1, record, 0);
    kill(getpid(), SIGUSR1);
    out("handled=%d", hits);
    siginfo_fields(&last_si);
    out("pid=%s uid=%s", pidname(last_si.si_pid), uidname(last_si.si_uid));
    syscall(SYS_tgkill, getpid(), gettid(), SIGUSR1);
    out("tgkill: code=%s pid=%s", codename(SIGUSR1, last_si.si_code), pidname(last_si.si_pid));
}

static void case_sig_sigqueue(void)
{
    on(SIGRTMIN, record, 0);
    union sigval v = {.sival_int = 4242};
    out("%s", rv(sigqueue(getpid(), SIGRTMIN, v)));
    siginfo_fields(&last_si);
    out("value=%d pid=%s", last_si.si_value.sival_int, pidname(last_si.si_pid));
    v.sival_ptr = (void *)&hits;
    sigqueue(getpid(), SIGRTMIN, v);
    out("ptr=%s", last_si.si_value.sival_ptr == (void *)&hits ? "same" : "other");
    /* Realtime signals queue and come in order. */
    static int order[3];
    block(SIGRTMIN);
    for (int i = 0; i < 3; i++) {
        v.sival_int = 10 + i;
        sigqueue(getpid(), SIGRTMIN, v);
    }
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGRTMIN);
    for (int i = 0; i < 3; i++) {
        siginfo_t si;
        sigwaitinfo(&s, &si);
        order[i] = si.si_value.sival_int;
    }
    out("queued=%d,%d,%d", order[0], order[1], order[2]);
}

static void case_sig_segv(void)
{
    on(SIGSEGV, jump_out, 0);
    if (sigsetjmp(jb, 1) == 0)
        *(volatile int *)0x1234 = 1;
    out("unmapped: code=%s addr=%s", codename(SIGSEGV, last_si.si_code),
        last_si.si_addr == (void *)0x1234 ? "exact" : "other");
    char *page = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (sigsetjmp(jb, 1) == 0)
        page[8] = 1;
    out("readonly: code=%s addr=%s", codename(SIGSEGV, last_si.si_code),
        last_si.si_addr == page + 8 ? "page+8" : "other");
    /* A non-canonical address: the CPU reports a #GP, the kernel si_addr 0. */
    if (sigsetjmp(jb, 1) == 0)
        __asm__ volatile("movabs $0x8000000000000000, %%rax\n\tmovl (%%rax), %%eax" ::: "rax", "memory");
    out("noncanonical: code=%s addr=%s", codename(SIGSEGV, last_si.si_code),
        last_si.si_addr == NULL ? "0" : "other");
    out("handled=%d", hits);
}

static volatile long long fault_trapno, fault_err, fault_cr2;
static void fault_regs(int sig, siginfo_t *si, void *ucp)
{
    ucontext_t *uc = ucp;
    fault_trapno = uc->uc_mcontext.gregs[REG_TRAPNO];
    fault_err = uc->uc_mcontext.gregs[REG_ERR];
    fault_cr2 = uc->uc_mcontext.gregs[REG_CR2];
    jump_out(sig, si, ucp);
}

static void case_sig_sigsys(void)
{
    on(SIGSYS, record, 0);
    raise(SIGSYS);
    out("handled=%d", hits);
    siginfo_fields(&last_si);
    block(SIGSYS);
    raise(SIGSYS);
    sigset_t p;
    sigpending(&p);
    out("pending=%s", sigismember(&p, SIGSYS) ? "yes" : "no");
    sigset_t w;
    sigemptyset(&w);
    sigaddset(&w, SIGSYS);
    siginfo_t si;
    out("sigwaitinfo=%s", signame((int)sigwaitinfo(&w, &si)));
    /* The default action kills (no core: RLIMIT_CORE 0). */
    pid_t c = fork();
    if (c == 0) {
        struct rlimit z = {0, 0};
        setrlimit(RLIMIT_CORE, &z);
        signal(SIGSYS, SIG_DFL);
        sigprocmask(SIG_SETMASK, &w, NULL);
        sigemptyset(&w);
        sigprocmask(SIG_SETMASK, &w, NULL);
        raise(SIGSYS);
        _exit(0);
    }
    int st;
    waitpid(c, &st, 0);
    out("default=%s", WIFSIGNALED(st) ? signame(WTERMSIG(st)) : "exited");
    /* SIGSEGV with SIG_DFL kills too. */
    c = fork();
    if (c == 0) {
        struct rlimit z = {0, 0};
        setrlimit(RLIMIT_CORE, &z);
        signal(SIGSEGV, SIG_DFL);
        volatile int *volatile bad = (volatile int *)16;
        *bad = 1;
        _exit(0);
    }
    waitpid(c, &st, 0);
    out("segv-default=%s", WIFSIGNALED(st) ? signame(WTERMSIG(st)) : "exited");
}

static volatile int overflow_depth;
static int recurse(int n)
{
    volatile char pad[4096];
    pad[0] = (char)n;
    overflow_depth = n;
    if (n > 10000000) /* never: the stack ends long before */
        return 0;
    return recurse(n + 1) + pad[0];
}

static void case_stack_overflow(void)
{
    struct rlimit r;
    getrlimit(RLIMIT_STACK, &r);
    out("rlimit-stack=%s", r.rlim_cur == RLIM_INFINITY ? "infinity" : r.rlim_cur == (rlim_t)8 << 20 ? "8M" : "other");
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
    sigaltstack(&ss, NULL);
    on(SIGSEGV, jump_out, SA_ONSTACK);
    if (sigsetjmp(jb, 1) == 0)
        recurse(0);
    out("caught=%s code=%s depth>1000=%s", last_sig == SIGSEGV ? "SIGSEGV" : "no",
        codename(SIGSEGV, last_si.si_code), overflow_depth > 1000 ? "yes" : "no");
    /* Does the fault come where the limit says (within 256 KiB of 8 MiB)? */
    long kib = (long)overflow_depth * 4;
    out("depth-near-limit=%s", r.rlim_cur == (rlim_t)8 << 20 ? (kib > 7900 && kib < 8200 ? "yes" : "no") : "n/a");
}

static void case_sig_edges(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler_plain;
    out("sig0=%s sig65=%s", rv(sigaction(0, &sa, NULL)), rv(syscall(SYS_rt_sigaction, 65, &sa, NULL, 8)));
    out("sigstop=%s", rv(sigaction(SIGSTOP, &sa, NULL)));
    sigset_t s, old;
    sigfillset(&s);
    sigprocmask(SIG_SETMASK, &s, &old);
    sigset_t now;
    sigprocmask(SIG_SETMASK, NULL, &now);
    out("fill: KILL=%s STOP=%s USR1=%s", sigismember(&now, SIGKILL) ? "blocked" : "no",
        sigismember(&now, SIGSTOP) ? "blocked" : "no", sigismember(&now, SIGUSR1) ? "blocked" : "no");
    sigprocmask(SIG_SETMASK, &old, NULL);
    out("bad-how=%s", rv(syscall(SYS_rt_sigprocmask, 99, &s, NULL, 8)));
    out("size4=%s", rv(syscall(SYS_rt_sigprocmask, SIG_BLOCK, &s, NULL, 4)));
    out("kill0=%s badsig=%s", rv(kill(getpid(), 0)), rv(kill(getpid(), 99)));
    /* A handler's sa_mask with SIGKILL in it: silently dropped. */
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGKILL);
    sigaddset(&sa.sa_mask, SIGUSR2);
    sigaction(SIGUSR1, &sa, NULL);
    struct sigaction q;
    sigaction(SIGUSR1, NULL, &q);
    out("mask-kill=%s mask-usr2=%s", sigismember(&q.sa_mask, SIGKILL) ? "kept" : "dropped",
        sigismember(&q.sa_mask, SIGUSR2) ? "kept" : "dropped");
    /* Ignoring a pending signal discards it. */
    block(SIGUSR2);
    raise(SIGUSR2);
    signal(SIGUSR2, SIG_IGN);
    sigpending(&s);
    out("ignored-pending-discarded=%s", sigismember(&s, SIGUSR2) ? "no" : "yes");
    /* sigaltstack while running on it: EPERM. */
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
    sigaltstack(&ss, NULL);
    on(SIGUSR1, alt_handler, SA_ONSTACK);
    raise(SIGUSR1);
    out("flags-in-handler=%s", alt_flags == SS_ONSTACK ? "SS_ONSTACK" : "other");
    stack_t ad = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = SS_AUTODISARM};
    out("autodisarm=%s", rv(sigaltstack(&ad, NULL)));
    raise(SIGUSR1);
    out("flags-autodisarm=%s", alt_flags == SS_DISABLE ? "SS_DISABLE" : alt_flags == SS_ONSTACK ? "SS_ONSTACK" : "other");
    stack_t after;
    sigaltstack(NULL, &after);
    out("after=%s", (unsigned)after.ss_flags == SS_AUTODISARM ? "SS_AUTODISARM" : after.ss_flags == 0 ? "0" : "other");
}

static void case_sigchld_flags(void)
{
    /* SA_NOCLDSTOP: no SIGCHLD for a stop; still one for the exit. */
    on(SIGCHLD, record, SA_NOCLDSTOP);
    block(SIGCHLD);
    sigset_t empty;
    sigemptyset(&empty);
    pid_t c = fork();
    if (c == 0) {
        raise(SIGSTOP);
        _exit(4);
    }
    int st;
    waitpid(c, &st, WUNTRACED);
    sigset_t p;
    sigpending(&p);
    out("nocldstop: stopped=%s sigchld-pending=%s", WIFSTOPPED(st) ? "yes" : "no",
        sigismember(&p, SIGCHLD) ? "yes" : "no");
    kill(c, SIGCONT);
    waitpid(c, &st, 0);
    sigpending(&p);
    out("after-exit=%s", sigismember(&p, SIGCHLD) ? "pending" : "none");
    sigsuspend(&empty);
    /* SA_NOCLDWAIT: children are reaped by the kernel; wait finds none. */
    on(SIGCHLD, record, SA_NOCLDWAIT);
    c = fork();
    if (c == 0)
        _exit(5);
    struct timespec ts = {0, 100000000};
    nanosleep(&ts, NULL);
    out("nocldwait: wait=%s", rv(waitpid(c, &st, 0)));
    /* SIG_IGN: the same. */
    signal(SIGCHLD, SIG_IGN);
    c = fork();
    if (c == 0)
        _exit(6);
    nanosleep(&ts, NULL);
    out("ign: wait=%s", rv(waitpid(c, &st, 0)));
    /* A native program exec'd from x32: its status comes back. */
    signal(SIGCHLD, SIG_DFL);
    c = fork();
    if (c == 0) {
        char *args[] = {"sh", "-c", "exit 3", NULL};
        execv("/bin/sh", args);
        _exit(127);
    }
    waitpid(c, &st, 0);
    out("native-exec-status=%d", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    c = vfork();
    if (c == 0) {
        char *args[] = {"sh", "-c", "kill -TERM $$", NULL};
        execv("/bin/sh", args);
        _exit(127);
    }
    waitpid(c, &st, 0);
    out("vfork-exec-killed=%s", WIFSIGNALED(st) ? signame(WTERMSIG(st)) : "no");
}

static void case_sig_fault_context(void)
{
    on(SIGSEGV, fault_regs, 0);
    if (sigsetjmp(jb, 1) == 0)
        *(volatile int *)0x2000 = 1;
    out("write-unmapped: trapno=%lld err=%lld cr2=%s", fault_trapno, fault_err,
        fault_cr2 == 0x2000 ? "exact" : "other");
    if (sigsetjmp(jb, 1) == 0)
        (void)*(volatile int *)0x3000;
    out("read-unmapped: trapno=%lld err=%lld", fault_trapno, fault_err);
    char *page = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (sigsetjmp(jb, 1) == 0)
        page[4] = 1;
    out("write-readonly: trapno=%lld err=%lld cr2=%s", fault_trapno, fault_err,
        fault_cr2 == (long long)(uintptr_t)(page + 4) ? "page+4" : "other");
    on(SIGFPE, fault_regs, 0);
    volatile int a = 1, b = 0;
    if (sigsetjmp(jb, 1) == 0)
        a = a / b;
    out("divide: trapno=%lld err=%lld", fault_trapno, fault_err);
}

static void case_sig_fpe_ill_trap(void)
{
    on(SIGFPE, jump_out, 0);
    volatile int a = 1, b = 0;
    if (sigsetjmp(jb, 1) == 0)
        a = a / b;
    out("fpe: code=%s", codename(SIGFPE, last_si.si_code));
    on(SIGILL, jump_out, 0);
    static void *where;
    if (sigsetjmp(jb, 1) == 0)
        __asm__ volatile("lea 1f(%%rip), %%rax\n\tmov %%eax, %0\n1:\tud2" : "=m"(where) : : "rax");
    out("ill: code=%s addr=%s", codename(SIGILL, last_si.si_code),
        last_si.si_addr == where ? "exact" : "other");
    on(SIGTRAP, record, 0);
    __asm__ volatile("int3");
    out("trap: signo=%s code=%s", signame(last_sig), codename(SIGTRAP, last_si.si_code));
}

static void case_sig_sigchld(void)
{
    on(SIGCHLD, record, 0);
    block(SIGCHLD);
    sigset_t empty;
    sigemptyset(&empty);
    pid_t c = fork();
    if (c == 0)
        _exit(3);
    child_pid = c;
    sigsuspend(&empty);
    siginfo_fields(&last_si);
    out("status=%d pid=%s uid=%s", last_si.si_status, pidname(last_si.si_pid), uidname(last_si.si_uid));
    waitpid(c, NULL, 0);
    c = fork();
    if (c == 0) {
        signal(SIGTERM, SIG_DFL);
        raise(SIGTERM);
        _exit(1);
    }
    child_pid = c;
    sigsuspend(&empty);
    out("killed: code=%s status=%s pid=%s", codename(SIGCHLD, last_si.si_code),
        signame(last_si.si_status), pidname(last_si.si_pid));
    waitpid(c, NULL, 0);
}

static void case_sig_timer(void)
{
    on(SIGRTMIN + 1, record, 0);
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGRTMIN + 1;
    ev.sigev_value.sival_int = 7;
    timer_t t;
    timer_create(CLOCK_MONOTONIC, &ev, &t);
    struct itimerspec its = {{0, 0}, {0, 5000000}};
    block(SIGRTMIN + 1);
    timer_settime(t, 0, &its, NULL);
    sigset_t empty;
    sigemptyset(&empty);
    sigsuspend(&empty);
    siginfo_fields(&last_si);
    out("value=%d timerid=%s", last_si.si_value.sival_int,
        last_si.si_timerid == (int)(intptr_t)t ? "match" : "other");
    on(SIGALRM, record, 0);
    block(SIGALRM);
    struct itimerval iv = {{0, 0}, {0, 5000}};
    setitimer(ITIMER_REAL, &iv, NULL);
    sigsuspend(&empty);
    out("itimer: signo=%s code=%s", signame(last_si.si_signo), codename(SIGALRM, last_si.si_code));
}

static void case_sig_altstack_frame(void)
{
    stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0};
    sigaltstack(&ss, NULL);
    on(SIGUSR2, alt_handler, SA_ONSTACK);
    struct sigaction q;
    sigaction(SIGUSR2, NULL, &q);
    alt_restorer = q.sa_restorer;
    raise(SIGUSR2);
    out("on-altstack=%s frame-in-altstack=%s info-uc=%ld pretcode=%s uc_flags=%#lx uc_stack=%s",
        alt_inside ? "yes" : "no", alt_uc_off_ok ? "yes" : "no", alt_info_minus_uc,
        alt_pretcode_ok ? "restorer" : "other", alt_uc_flags, alt_ucstack ? "ours" : "other");
    /* Without SA_ONSTACK the frame goes on the normal stack. */
    on(SIGUSR2, alt_handler, 0);
    raise(SIGUSR2);
    out("no-onstack: on-altstack=%s", alt_inside ? "yes" : "no");
}

/* The SA_RESTART cases arm a timer and block: the timer must not fire before the call
 * blocks, even with QEMU descheduled for a while on a loaded host. */
#define ALARM_MS 150

static volatile int restart_pipe_w = -1;
static void restart_handler(int sig)
{
    (void)sig;
    hits++;
    if (restart_pipe_w >= 0)
        write(restart_pipe_w, "r", 1);
}

static void arm_alarm_ms(int ms, int flags)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = restart_handler;
    sa.sa_flags = flags;
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval iv = {{0, 0}, {0, ms * 1000}};
    setitimer(ITIMER_REAL, &iv, NULL);
}

static void case_sig_restart(void)
{
    int p[2];
    pipe(p);
    restart_pipe_w = p[1];
    char c;
    arm_alarm_ms(ALARM_MS, SA_RESTART);
    out("read+SA_RESTART=%s", rv(read(p[0], &c, 1)));
    arm_alarm_ms(ALARM_MS, 0);
    out("read=%s", rv(read(p[0], &c, 1)));
    read(p[0], &c, 1);
    restart_pipe_w = -1;
    fd_set r;
    FD_ZERO(&r);
    FD_SET(p[0], &r);
    struct timeval tv = {2, 0};
    arm_alarm_ms(ALARM_MS, SA_RESTART);
    out("select+SA_RESTART=%s", rv(select(p[0] + 1, &r, NULL, NULL, &tv)));
    struct timespec ts = {2, 0}, left = {0, 0};
    arm_alarm_ms(ALARM_MS, SA_RESTART);
    out("nanosleep+SA_RESTART=%s", rv(nanosleep(&ts, &left)));
    out("left<2s=%s", left.tv_sec < 2 && (left.tv_sec > 0 || left.tv_nsec > 0) ? "yes" : "no");
    arm_alarm_ms(ALARM_MS, SA_RESTART);
    pid_t ch = fork();
    if (ch == 0) {
        usleep(200000);
        _exit(5);
    }
    int st = 0;
    out("waitpid+SA_RESTART=%s", ch == waitpid(ch, &st, 0) ? "child" : rv(-1));
    out("status=%d", WEXITSTATUS(st));
    sigset_t none;
    sigemptyset(&none);
    arm_alarm_ms(ALARM_MS, SA_RESTART);
    out("sigsuspend=%s", rv(sigsuspend(&none)));
    out("handled=%d", hits);
}

/* Which blocking calls SA_RESTART restarts is the kernel's choice (ERESTARTSYS,
 * ERESTARTNOHAND, restart_block); the runner must keep it. */
static uint32_t restart_futex;
static volatile int restart_fd = -1;
static void restart_class_handler(int sig)
{
    (void)sig;
    hits++;
    if (restart_fd >= 0)
        write(restart_fd, "r", 1);
    __atomic_store_n(&restart_futex, 1, __ATOMIC_SEQ_CST);
    syscall(SYS_futex, &restart_futex, FUTEX_WAKE, 1, NULL, NULL, 0);
}

static void alarm_restart(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = restart_class_handler;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval iv = {{0, 0}, {0, ALARM_MS * 1000}};
    setitimer(ITIMER_REAL, &iv, NULL);
}

static void case_sig_restart_classes(void)
{
    int sv[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
    char c;
    restart_fd = sv[1];
    alarm_restart();
    out("recv=%s", rv(recv(sv[0], &c, 1, 0)));
    struct timeval tv = {5, 0};
    setsockopt(sv[0], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    alarm_restart();
    out("recv+SO_RCVTIMEO=%s", rv(recv(sv[0], &c, 1, 0)));
    recv(sv[0], &c, 1, 0);
    restart_fd = -1;
    int ep = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN}, got;
    epoll_ctl(ep, EPOLL_CTL_ADD, sv[0], &ev);
    alarm_restart();
    out("epoll_wait=%s", rv(epoll_wait(ep, &got, 1, 5000)));
    restart_futex = 0;
    alarm_restart();
    out("futex-wait=%s", rv(syscall(SYS_futex, &restart_futex, FUTEX_WAIT, 0, NULL, NULL, 0)));
    restart_futex = 0;
    struct timespec ts = {5, 0};
    alarm_restart();
    out("futex-wait-timeout=%s", rv(syscall(SYS_futex, &restart_futex, FUTEX_WAIT, 0, &ts, NULL, 0)));
    sigset_t w;
    sigemptyset(&w);
    sigaddset(&w, SIGUSR2);
    block(SIGUSR2);
    alarm_restart();
    out("sigtimedwait=%s", rv(sigtimedwait(&w, NULL, &ts)));
    alarm_restart();
    out("pause=%s", rv(pause()));
    int q = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
    struct { long long mtype; char text[8]; } m;
    alarm_restart();
    out("msgrcv=%s", rv(msgrcv(q, &m, sizeof m.text, 0, 0)));
    msgctl(q, IPC_RMID, NULL);
    out("handled=%d", hits);
}

static volatile int nest_log[8], nest_n;
static volatile int nest_usr1_blocked_in_usr2;

static void nest_usr2(int sig, siginfo_t *si, void *ucp)
{
    (void)sig;
    (void)si;
    ucontext_t *uc = ucp;
    nest_log[nest_n++] = 2;
    nest_usr1_blocked_in_usr2 = sigismember(&uc->uc_sigmask, SIGUSR1);
}

static void nest_usr1(int sig, siginfo_t *si, void *ucp)
{
    (void)sig;
    (void)si;
    (void)ucp;
    nest_log[nest_n++] = 1;
    if (nest_n == 1) {
        raise(SIGUSR2); /* runs at once, on top of this handler */
        raise(SIGUSR1); /* blocked while we run: delivered after we return */
    }
    nest_log[nest_n++] = -1;
}

static void case_sig_nested(void)
{
    on(SIGUSR1, nest_usr1, 0);
    on(SIGUSR2, nest_usr2, 0);
    raise(SIGUSR1);
    char buf[64] = {0};
    for (int i = 0; i < nest_n; i++) {
        const char *w = nest_log[i] == 1 ? "usr1" : nest_log[i] == 2 ? "usr2" : "end1";
        strcat(buf, i ? "," : "");
        strcat(buf, w);
    }
    out("order=%s usr1-blocked-in-usr2=%s", buf, nest_usr1_blocked_in_usr2 ? "yes" : "no");
    /* SA_NODEFER: the same signal nests. */
    nest_n = 0;
    on(SIGUSR1, nest_usr1, SA_NODEFER);
    raise(SIGUSR1);
    buf[0] = 0;
    for (int i = 0; i < nest_n; i++) {
        const char *w = nest_log[i] == 1 ? "usr1" : nest_log[i] == 2 ? "usr2" : "end1";
        strcat(buf, i ? "," : "");
        strcat(buf, w);
    }
    out("nodefer=%s", buf);
    /* SA_RESETHAND: the second delivery finds SIG_DFL. */
    on(SIGUSR2, record, SA_RESETHAND);
    raise(SIGUSR2);
    struct sigaction q;
    sigaction(SIGUSR2, NULL, &q);
    out("resethand=%s", q.sa_handler == SIG_DFL ? "SIG_DFL" : "still-set");
}

static volatile int mask_in_uc_ok, mask_live_ok;
static void mask_handler(int sig, siginfo_t *si, void *ucp)
{
    (void)sig;
    (void)si;
    ucontext_t *uc = ucp;
    sigset_t live;
    sigprocmask(SIG_BLOCK, NULL, &live);
    mask_in_uc_ok = sigismember(&uc->uc_sigmask, SIGUSR2) && !sigismember(&uc->uc_sigmask, SIGUSR1) &&
                    !sigismember(&uc->uc_sigmask, SIGTERM);
    mask_live_ok = sigismember(&live, SIGUSR1) && sigismember(&live, SIGUSR2) &&
                   sigismember(&live, SIGTERM);
    sigaddset(&uc->uc_sigmask, SIGHUP);
    sigaddset(&uc->uc_sigmask, SIGKILL);
}

static void case_sig_mask_ucontext(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = mask_handler;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaction(SIGUSR1, &sa, NULL);
    block(SIGUSR2);
    raise(SIGUSR1);
    sigset_t after;
    sigprocmask(SIG_BLOCK, NULL, &after);
    out("uc_sigmask=%s live-mask=%s after: HUP=%s KILL=%s USR1=%s TERM=%s", mask_in_uc_ok ? "ok" : "wrong",
        mask_live_ok ? "ok" : "wrong", sigismember(&after, SIGHUP) ? "blocked" : "no",
        sigismember(&after, SIGKILL) ? "blocked" : "no", sigismember(&after, SIGUSR1) ? "blocked" : "no",
        sigismember(&after, SIGTERM) ? "blocked" : "no");
}

static volatile int fp_ok;
static void fp_handler(int sig, siginfo_t *si, void *ucp)
{
    (void)sig;
    (void)si;
    ucontext_t *uc = ucp;
    struct _libc_fpstate *fp = uc->uc_mcontext.fpregs;
    uint32_t *sw = (uint32_t *)((char *)fp + 464); /* fpx_sw_bytes in the reserved area */
    fp_ok = fp && (char *)fp > (char *)uc && sw[0] == 0x46505853u /* FP_XSTATE_MAGIC1 */;
    hits++;
}

static void case_sig_fpstate(void)
{
    on(SIGUSR1, fp_handler, 0);
    raise(SIGUSR1);
    out("fpregs=%s", fp_ok ? "in-frame magic1=ok" : "wrong");
}

/* ==================================== the table ==================================== */

struct tcase { const char *name; void (*fn)(void); };
/* The classes of issue 16, one file each (after the helpers they use). */
#include "syscall_table_sigset_sizes.c"
#include "syscall_table_proc_self.c"
#include "syscall_table_exec_identity.c"
#include "syscall_table_vfork.c"

static const struct tcase cases[] = {
    {"x32_numbers", case_x32_numbers},
    {"rt_sigaction", case_rt_sigaction},
    {"rt_sigreturn", case_rt_sigreturn},
    {"ioctl", case_ioctl},
    {"readv_writev", case_readv_writev},
    {"recvfrom", case_recvfrom},
    {"sendmsg_recvmsg", case_sendmsg_recvmsg},
    {"execve", case_execve},
    {"ptrace", case_ptrace},
    {"rt_sigpending", case_rt_sigpending},
    {"rt_sigtimedwait", case_rt_sigtimedwait},
    {"rt_sigqueueinfo", case_rt_sigqueueinfo},
    {"sigaltstack", case_sigaltstack},
    {"timer_create", case_timer_create},
    {"mq_notify", case_mq_notify},
    {"kexec_load", case_kexec_load},
    {"waitid", case_waitid},
    {"set_get_robust_list", case_robust_list},
    {"vmsplice", case_vmsplice},
    {"move_pages", case_move_pages},
    {"preadv_pwritev", case_preadv_pwritev},
    {"rt_tgsigqueueinfo", case_rt_tgsigqueueinfo},
    {"sendmmsg_recvmmsg", case_mmsg},
    {"process_vm_readv_writev", case_process_vm},
    {"setsockopt_getsockopt", case_sockopt},
    {"io_setup_io_submit", case_aio},
    {"execveat", case_execveat},
    {"preadv2_pwritev2", case_preadv2_pwritev2},
    {"io_uring_setup", case_io_uring},
    {"seccomp", case_seccomp},
    {"stat", case_stat},
    {"fstatat", case_fstatat},
    {"getdents64", case_getdents64},
    {"clock_gettime", case_clock_gettime},
    {"gettimeofday", case_gettimeofday},
    {"times", case_times},
    {"getrusage", case_getrusage},
    {"sysinfo", case_sysinfo},
    {"uname", case_uname},
    {"mmap_mremap", case_mmap},
    {"brk", case_brk},
    {"prlimit", case_prlimit},
    {"sched_getaffinity", case_sched_getaffinity},
    {"select_pselect6", case_select},
    {"poll_ppoll", case_poll},
    {"epoll", case_epoll},
    {"timerfd", case_timerfd},
    {"signalfd", case_signalfd},
    {"socketpair_scm_rights", case_scm_rights},
    {"statfs", case_statfs},
    {"fcntl_locks", case_fcntl_locks},
    {"sysv_shm_msg", case_sysv_shm_msg},
    {"futex_sleep_itimer", case_futex_time},
    {"wait4_rusage", case_wait4_rusage},
    {"fd_misc", case_fds_misc},
    {"pty_termios", case_pty_termios},
    {"old_getdents_utime_time", case_old_getdents_time},
    {"auxv", case_auxv},
    {"comm_exe", case_comm_exe},
    {"arch_prctl", case_arch_prctl},
    {"signal_kill", case_sig_kill},
    {"signal_sigqueue", case_sig_sigqueue},
    {"signal_sigsegv", case_sig_segv},
    {"signal_fault_context", case_sig_fault_context},
    {"signal_sigsys", case_sig_sigsys},
    {"signal_sigchld_flags", case_sigchld_flags},
    {"signal_stack_overflow", case_stack_overflow},
    {"signal_edges", case_sig_edges},
    {"signal_sigfpe_sigill_sigtrap", case_sig_fpe_ill_trap},
    {"signal_thread", case_sig_thread},
    {"signal_sigchld", case_sig_sigchld},
    {"signal_timer", case_sig_timer},
    {"signal_altstack_frame", case_sig_altstack_frame},
    {"signal_sa_restart", case_sig_restart},
    {"signal_restart_classes", case_sig_restart_classes},
    {"signal_nested", case_sig_nested},
    {"signal_mask_ucontext", case_sig_mask_ucontext},
    {"signal_fpstate", case_sig_fpstate},
    {"sigset_sizes", case_sigset_sizes},
    {"proc_self_maps", case_proc_self_maps},
    {"proc_self_stat", case_proc_self_stat},
    {"exec_identity", case_exec_identity},
    {"vfork_parent_state", case_vfork_parent_state},
};

static void run_case(const struct tcase *c)
{
    int p[2];
    if (pipe(p) != 0) {
        printf("%s: harness: pipe failed\n", c->name);
        return;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        self_pid = getpid();
        line_len = 0;
        line[0] = 0;
        alarm(20);
        c->fn();
        char buf[1200];
        int n = snprintf(buf, sizeof buf, "%s: %s\n", c->name, line);
        write(p[1], buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
        _exit(0);
    }
    close(p[1]);
    /* 30 s per case (cases that use ITIMER_REAL replace the child's alarm guard). */
    char buf[1200];
    size_t n = 0;
    ssize_t k = 1;
    int timed_out = 0;
    while (n < sizeof buf - 1 && k > 0) {
        struct pollfd pf = {p[0], POLLIN, 0};
        if (poll(&pf, 1, 30000) == 0) {
            timed_out = 1;
            kill(pid, SIGKILL);
            break;
        }
        k = read(p[0], buf + n, sizeof buf - 1 - n);
        if (k > 0)
            n += (size_t)k;
    }
    close(p[0]);
    int st = 0;
    waitpid(pid, &st, 0);
    if (timed_out) {
        printf("%s: timed out after 30 s\n", c->name);
    } else if (n) {
        fwrite(buf, 1, n, stdout);
    } else if (WIFSIGNALED(st)) {
        printf("%s: died (%s)\n", c->name, signame(WTERMSIG(st)));
    } else {
        printf("%s: no result (exit %d)\n", c->name, WEXITSTATUS(st));
    }
    fflush(stdout);
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--exec-child"))
        return exec_child_main(argc, argv);
    snprintf(prog_path, sizeof prog_path, "%s", argv[0]);
    if (argc > 1 && !strcmp(argv[1], "--identity-child"))
        return identity_child_main(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "--comm-child")) {
        /* exec'd with another argv[0]: the program's path comes from AT_EXECFN. */
        const char *fn = (const char *)getauxval(AT_EXECFN);
        snprintf(prog_path, sizeof prog_path, "%s", fn ? fn : argv[0]);
        return comm_child_main();
    }
    if (argc > 1 && !strcmp(argv[1], "--list")) {
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
            printf("%s\n", cases[i].name);
        return 0;
    }
    snprintf(shm_dir, sizeof shm_dir, "/dev/shm/x32st-%d", (int)getpid());
    if (mkdir(shm_dir, 0700) != 0) {
        fprintf(stderr, "syscall_table: cannot create %s\n", shm_dir);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int want = argc == 1;
        for (int j = 1; j < argc; j++)
            want |= !strcmp(argv[j], cases[i].name);
        if (want)
            run_case(&cases[i]);
    }
    rmdir(shm_dir);
    return 0;
}
