/* tests/vm/syscall_table/signal_calls.c: the signal system calls whose x32 forms differ
 * from x86-64's (rt_sigaction, rt_sigreturn, rt_sigpending, rt_sigtimedwait,
 * rt_sigqueueinfo, rt_tgsigqueueinfo) and signalfd. */

#include "syscall_table.h"

void case_rt_sigaction(void)
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

void case_rt_sigreturn(void)
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

void case_rt_sigpending(void)
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

void case_rt_sigtimedwait(void)
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

void case_rt_sigqueueinfo(void)
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

void case_rt_tgsigqueueinfo(void)
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

void case_signalfd(void)
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
