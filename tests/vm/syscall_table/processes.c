/* tests/vm/syscall_table/processes.c: processes: execve and execveat (the program runs
 * itself again with --exec-child / --comm-child), ptrace, waitid and wait4, the robust
 * futex list, the auxiliary vector, comm and /proc/self/exe, arch_prctl, limits, usage,
 * affinity, uname and sysinfo. */

#include "syscall_table.h"

int exec_child_main(int argc, char **argv)
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

void case_execve(void)
{
    run_exec(0);
    char *args[] = {"x", NULL};
    out("enoent=%s", rv(execve("/nonexistent/x32st", args, environ)));
    out("efault=%s", rv(syscall(SYS_execve, "/proc/self/exe", 16, environ)));
}

void case_execveat(void)
{
    run_exec(1);
    char *args[] = {"x", NULL};
    out("ebadf=%s", rv(syscall(SYS_execveat, 999, "", args, environ, AT_EMPTY_PATH)));
}

static volatile int traced_word = 0x1234abcd;

void case_ptrace(void)
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

void case_waitid(void)
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

void case_robust_list(void)
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

void case_getrusage(void)
{
    struct rusage ru;
    memset(&ru, 0xff, sizeof ru);
    out("%s", rv(getrusage(RUSAGE_SELF, &ru)));
    out("maxrss>0=%s usec<1e6=%s sizeof=%zu", ru.ru_maxrss > 0 ? "yes" : "no",
        ru.ru_utime.tv_usec >= 0 && ru.ru_utime.tv_usec < 1000000 ? "yes" : "no", sizeof ru);
    out("children=%s", rv(getrusage(RUSAGE_CHILDREN, &ru)));
    out("einval=%s", rv(getrusage(77, &ru)));
}

void case_sysinfo(void)
{
    struct sysinfo si;
    memset(&si, 0, sizeof si);
    out("%s", rv(sysinfo(&si)));
    out("uptime>0=%s totalram>0=%s freeram<=total=%s mem_unit=%u procs>0=%s sizeof=%zu",
        si.uptime > 0 ? "yes" : "no", si.totalram > 0 ? "yes" : "no",
        si.freeram <= si.totalram ? "yes" : "no", si.mem_unit, si.procs > 0 ? "yes" : "no",
        sizeof si);
}

void case_uname(void)
{
    struct utsname u;
    out("%s", rv(uname(&u)));
    out("sysname=%s machine=%s", u.sysname, u.machine);
    out("personality=%s", rv(personality(0xffffffff)));
}

void case_prlimit(void)
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

void case_sched_getaffinity(void)
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

void case_wait4_rusage(void)
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

char prog_path[4096];

void case_auxv(void)
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

int comm_child_main(void)
{
    print_comm_exe("child");
    printf("\n");
    return 0;
}

void case_comm_exe(void)
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

void case_arch_prctl(void)
{
    unsigned long long fs = 0, gs = 1;
    out("get-fs=%s", rv(syscall(SYS_arch_prctl, ARCH_GET_FS, &fs)));
    out("fs=%s", fs == (unsigned long long)(uintptr_t)pthread_self() ? "thread-pointer" : "other");
    out("get-gs=%s gs=%llu", rv(syscall(SYS_arch_prctl, ARCH_GET_GS, &gs)), 0ULL);
    out("bad-code=%s", rv(syscall(SYS_arch_prctl, 0x9999, &fs)));
}
