/* tests/vm/syscall_table/signal_delivery.c: who gets a signal, when and with what
 * siginfo: kill, sigqueue, threads, SIGCHLD and its flags, timers, the edges of the
 * signal numbers and nested handlers. */

#include "syscall_table.h"

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

void case_sig_thread(void)
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

void case_sig_kill(void)
{
    on(SIGUSR1, record, 0);
    kill(getpid(), SIGUSR1);
    out("handled=%d", hits);
    siginfo_fields(&last_si);
    out("pid=%s uid=%s", pidname(last_si.si_pid), uidname(last_si.si_uid));
    syscall(SYS_tgkill, getpid(), gettid(), SIGUSR1);
    out("tgkill: code=%s pid=%s", codename(SIGUSR1, last_si.si_code), pidname(last_si.si_pid));
}

void case_sig_sigqueue(void)
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

void case_sig_edges(void)
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

void case_sigchld_flags(void)
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

void case_sig_sigchld(void)
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

void case_sig_timer(void)
{
    on(SIGRTMIN + 1, record, 0);
    struct sigevent ev = signal_event(SIGRTMIN + 1, 7);
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

void case_sig_nested(void)
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
