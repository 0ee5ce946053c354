/* tests/vm/syscall_table/normalise.c: what every case shares.  The result line of the
 * current case, and the helpers that make it the same on both kernels: errors as -ENAME,
 * signals and si_code by name, pids and uids as self/parent/child/other, addresses as
 * classes ("ptr<4G").  Then the signal bookkeeping the handlers of several families
 * share (record, jump_out, on, block). */

#include "syscall_table.h"

/* ---- the result line of the current case ---- */

char line[1024];
size_t line_len;

void out(const char *fmt, ...)
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

const char *errname(int e)
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
const char *rv(long r)
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
const char *rr(long long r)
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

const char *signame(int s)
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

pid_t self_pid, child_pid;

const char *pidname(pid_t p)
{
    if (p == self_pid)
        return "self";
    if (p == getppid())
        return "parent";
    if (child_pid && p == child_pid)
        return "child";
    return "other";
}

const char *uidname(uid_t u)
{
    return u == getuid() ? "self" : "other";
}

const char *codename(int sig, int code)
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
long long sc6(long long nr, long long a, long long b, long long c, long long d,
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

const char *ptr_class(long long p)
{
    if (p < 0 && p > -4096)
        return rr(p);
    if ((unsigned long long)p >= 1ULL << 32)
        return "ptr>=4G";
    if (p & 4095)
        return "ptr<4G,unaligned";
    return "ptr<4G";
}

char shm_dir[64];

const char *shm_path(const char *name)
{
    static char bufs[4][128];
    static int k;
    char *b = bufs[k++ % 4];
    snprintf(b, 128, "%s/%s", shm_dir, name);
    return b;
}

/* ---- signal bookkeeping shared by the handlers ---- */

volatile sig_atomic_t hits;
siginfo_t last_si;
int last_sig;
sigjmp_buf jb;

void record(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    hits++;
    last_sig = sig;
    last_si = *si;
}

void jump_out(int sig, siginfo_t *si, void *uc)
{
    record(sig, si, uc);
    siglongjmp(jb, 1);
}

int on(int sig, void (*fn)(int, siginfo_t *, void *), int flags)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = fn;
    sa.sa_flags = SA_SIGINFO | flags;
    sigemptyset(&sa.sa_mask);
    return sigaction(sig, &sa, NULL);
}

void block(int sig)
{
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, sig);
    sigprocmask(SIG_BLOCK, &s, NULL);
}

void siginfo_fields(const siginfo_t *si)
{
    out("signo=%s code=%s", signame(si->si_signo), codename(si->si_signo, si->si_code));
    if (si->si_errno)
        out("errno=%d", si->si_errno);
}

struct sigevent signal_event(int sig, int value)
{
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = sig;
    ev.sigev_value.sival_int = value;
    return ev;
}

void handler_plain(int sig) { (void)sig; hits++; }
