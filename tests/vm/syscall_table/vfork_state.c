/* tests/vm/syscall_table/vfork_state.c: a vfork child shares its parent's memory but
 * not its task state: after a vfork child changed its robust list, altstack, mask, a
 * handler and RLIMIT_AS and moved the break, then _exit'ed or exec'd (and after posix_spawn and
 * system()), the parent still has its own, its robust lock is still simply held, and
 * only the break (the shared mm's) moved. */

#include "syscall_table.h"
#include <spawn.h>

static void meddle(void)
{
    stack_t off = {.ss_flags = SS_DISABLE};
    sigaltstack(&off, NULL);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR2);
    sigprocmask(SIG_BLOCK, &s, NULL);
    signal(SIGTERM, SIG_IGN);
    syscall(SYS_set_robust_list, 0, 12);
    struct rlimit small = {1UL << 30, 1UL << 30};
    setrlimit(RLIMIT_AS, &small);
    sbrk(4096);
}

static void report(const char *tag, void *head0, void *brk0, pthread_mutex_t *m)
{
    void *head = NULL;
    size_t len = 0;
    syscall(SYS_get_robust_list, 0, &head, &len);
    stack_t ss;
    sigaltstack(NULL, &ss);
    sigset_t mask, pend;
    sigprocmask(SIG_BLOCK, NULL, &mask);
    sigpending(&pend);
    struct sigaction sa;
    sigaction(SIGTERM, NULL, &sa);
    struct rlimit as;
    getrlimit(RLIMIT_AS, &as);
    int unlock = pthread_mutex_unlock(m), relock = pthread_mutex_lock(m);
    out("%s: head=%s alt=%s usr2=%s pending=%s%s term=%s as=%s brk+%ld unlock=%d relock=%d",
        tag,
        head == head0 ? "same" : head ? "other" : "null",
        ss.ss_flags == 0 && ss.ss_size == 65536 ? "same" : "other",
        sigismember(&mask, SIGUSR2) ? "blocked" : "open",
        sigismember(&pend, SIGUSR1) ? "USR1" : "-", sigismember(&pend, SIGSYS) ? "+SYS" : "",
        sa.sa_handler == handler_plain ? "handler" : "other",
        as.rlim_cur == RLIM_INFINITY ? "unlimited" : "limited",
        (long)((char *)sbrk(0) - (char *)brk0), unlock, relock);
}

void case_vfork_parent_state(void)
{
    static pthread_mutex_t m;
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
    pthread_mutex_init(&m, &a);
    pthread_mutex_lock(&m);
    static char alt[65536];
    stack_t ss = {.ss_sp = alt, .ss_size = sizeof alt};
    sigaltstack(&ss, NULL);
    signal(SIGTERM, handler_plain);
    block(SIGUSR1);
    block(SIGSYS);
    raise(SIGUSR1);
    raise(SIGSYS);
    void *head0 = NULL;
    size_t len = 0;
    syscall(SYS_get_robust_list, 0, &head0, &len);

    void *brk0 = sbrk(0);
    fflush(stdout);
    pid_t c = vfork();
    if (c == 0) {
        meddle();
        _exit(0);
    }
    waitpid(c, NULL, 0);
    report("vfork-exit", head0, brk0, &m);

    brk0 = sbrk(0);
    c = vfork();
    if (c == 0) {
        meddle();
        execl("/bin/true", "true", (char *)NULL);
        _exit(127);
    }
    waitpid(c, NULL, 0);
    report("vfork-exec", head0, brk0, &m);

    brk0 = sbrk(0);
    char *argv[] = {"true", NULL};
    if (posix_spawn(&c, "/bin/true", NULL, NULL, argv, environ) == 0)
        waitpid(c, NULL, 0);
    report("posix_spawn", head0, brk0, &m);
    out("system=%d", system("exit 3"));
    report("system", head0, brk0, &m);
}
