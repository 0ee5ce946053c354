/* proc_vfork_parent_state: a vfork child shares the parent's memory (and so
 * x32-run's per-thread blocks and globals), but a kernel keeps each task's own
 * state apart: what the child does to its robust list, altstack, signal mask,
 * handlers, pending signals and RLIMIT_AS must not show in the parent; only the memory
 * itself (brk included) is shared.  Checked after vfork + _exit, vfork + exec,
 * posix_spawn and system(). */
// build: -pthread
#define _GNU_SOURCE
#include "check.h"
#include <pthread.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/syscall.h>

extern char **environ;

static pthread_mutex_t robust;

static uintptr_t robust_head(void)
{
    void *head = 0;
    size_t len = 0;
    CHECK_SYS(syscall(SYS_get_robust_list, 0, &head, &len));
    return (uintptr_t)head;
}

static uint64_t mask_bits(int how, const sigset_t *set)
{
    sigset_t old;
    uint64_t bits = 0;
    sigprocmask(how, set, &old);
    for (int s = 1; s < 64; s++)
        if (sigismember(&old, s))
            bits |= 1ULL << (s - 1);
    return bits;
}

static uint64_t pending_bits(void)
{
    sigset_t p;
    uint64_t bits = 0;
    sigpending(&p);
    for (int s = 1; s < 64; s++)
        if (sigismember(&p, s))
            bits |= 1ULL << (s - 1);
    return bits;
}

/* What a careless vfork child does before it execs or exits. */
static void child_meddles(void)
{
    stack_t off = {.ss_flags = SS_DISABLE};
    sigaltstack(&off, 0);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR2);
    sigprocmask(SIG_BLOCK, &s, 0);
    signal(SIGTERM, SIG_IGN);
    syscall(SYS_set_robust_list, 0, 12);
    struct rlimit small = {1UL << 30, 1UL << 30};
    setrlimit(RLIMIT_AS, &small);
    sbrk(4096);
}

struct state {
    uintptr_t head;
    stack_t alt;
    uint64_t mask, pending;
    void (*term)(int);
    void *brk;
    struct rlimit as;
};

static void snapshot(struct state *s)
{
    s->head = robust_head();
    sigaltstack(0, &s->alt);
    s->mask = mask_bits(SIG_BLOCK, 0);
    s->pending = pending_bits();
    struct sigaction sa;
    sigaction(SIGTERM, 0, &sa);
    s->term = sa.sa_handler;
    s->brk = sbrk(0);
    getrlimit(RLIMIT_AS, &s->as);
}

static void on_term(int sig) { (void)sig; }

static void check_same(const char *after, const struct state *before, long brk_growth)
{
    struct state now;
    snapshot(&now);
    fprintf(stderr, "checking the parent after %s\n", after);
    CHECK(now.head != 0);
    CHECK_EQ(now.head, before->head);
    CHECK_EQ((uintptr_t)now.alt.ss_sp, (uintptr_t)before->alt.ss_sp);
    CHECK_EQ(now.alt.ss_size, before->alt.ss_size);
    CHECK_EQ(now.alt.ss_flags, before->alt.ss_flags);
    CHECK_EQ(now.mask, before->mask);
    CHECK_EQ(now.pending, before->pending);
    CHECK(now.term == on_term);
    CHECK_EQ(now.as.rlim_cur, before->as.rlim_cur); /* rlimits are per process */
    /* The memory is shared, so is the break. */
    CHECK_EQ((char *)now.brk - (char *)before->brk, brk_growth);
    /* The parent still owns its robust lock, with no owner-died mark. */
    CHECK_EQ(pthread_mutex_unlock(&robust), 0);
    CHECK_EQ(pthread_mutex_lock(&robust), 0);
}

int main(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
    pthread_mutex_init(&robust, &a);
    REQUIRE(pthread_mutex_lock(&robust) == 0);

    static char alt[65536];
    stack_t ss = {.ss_sp = alt, .ss_size = sizeof alt};
    REQUIRE_SYS(sigaltstack(&ss, 0));
    signal(SIGTERM, on_term);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    sigaddset(&s, SIGSYS);
    sigprocmask(SIG_BLOCK, &s, 0);
    raise(SIGUSR1); /* pending in the parent only */
    raise(SIGSYS);  /* x32-run keeps a blocked SIGSYS pending itself */

    struct state before;
    snapshot(&before);
    CHECK(before.pending & (1ULL << (SIGUSR1 - 1)));
    CHECK(before.pending & (1ULL << (SIGSYS - 1)));

    fflush(NULL);
    pid_t pid = vfork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        child_meddles();
        _exit(0);
    }
    CHECK_EXITED(wait_status(pid), 0);
    check_same("vfork + _exit", &before, 4096);
    snapshot(&before);

    pid = vfork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        child_meddles();
        execl("/bin/true", "true", (char *)NULL);
        _exit(127);
    }
    CHECK_EXITED(wait_status(pid), 0);
    check_same("vfork + exec", &before, 4096);
    snapshot(&before);

    char *argv[] = {"true", 0};
    CHECK_EQ(posix_spawn(&pid, "/bin/true", 0, 0, argv, environ), 0);
    CHECK_EXITED(wait_status(pid), 0);
    check_same("posix_spawn", &before, 0);

    CHECK_EQ(system("exit 3"), 3 << 8);
    check_same("system", &before, 0);
    return check_done();
}
