/* tests/vm/syscall_table/signal_frames.c: what a handler finds in its frame: the
 * alternate stack, the ucontext (registers, mask, fault address, FP state) and the
 * siginfo of synchronous faults (SIGSEGV, SIGSYS, SIGFPE, SIGILL, SIGTRAP, stack
 * overflow). */

#include "syscall_table.h"

char altstack[65536] __attribute__((aligned(16)));
volatile int alt_inside, alt_flags;
static volatile long alt_uc_off_ok, alt_pretcode_ok, alt_ucstack;
static volatile unsigned long alt_uc_flags;
static volatile long alt_info_minus_uc;
static void (*volatile alt_restorer)(void);

void alt_handler(int sig, siginfo_t *si, void *ucp)
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

void case_sigaltstack(void)
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

void case_sig_segv(void)
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

void case_sig_sigsys(void)
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

void case_stack_overflow(void)
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

void case_sig_fault_context(void)
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

void case_sig_fpe_ill_trap(void)
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

void case_sig_altstack_frame(void)
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

void case_sig_mask_ucontext(void)
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

void case_sig_fpstate(void)
{
    on(SIGUSR1, fp_handler, 0);
    raise(SIGUSR1);
    out("fpregs=%s", fp_ok ? "in-frame magic1=ok" : "wrong");
}
