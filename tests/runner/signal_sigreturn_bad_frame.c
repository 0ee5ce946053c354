/* signal_sigreturn_bad_frame: rt_sigreturn whose frame cannot be read is the
 * kernel's "badframe": it forces SIGSEGV (signal_fault), which unblocks and
 * resets a blocked or ignored SIGSEGV, so the process dies of SIGSEGV; it
 * never returns to the caller with an error.  A handler that is installed
 * and open, on an alternate stack, runs with si_code SI_KERNEL. */
#include "check.h"
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>

static char *unreadable;

/* rt_sigreturn with the stack pointer in an unreadable page. */
static void bad_sigreturn(void)
{
    unsigned long long sp = (unsigned long long)(uintptr_t)(unreadable + 2048);
    __asm__ volatile("mov %0, %%rsp\n\t"
                     "mov %1, %%eax\n\t"
                     "syscall\n\t"
                     "ud2"
                     :
                     : "r"(sp), "i"(SYS_rt_sigreturn)
                     : "memory");
    __builtin_unreachable();
}

static void with_default(void) { bad_sigreturn(); }

static void with_blocked(void)
{
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGSEGV);
    sigprocmask(SIG_BLOCK, &s, 0);
    bad_sigreturn();
}

static void with_ignored(void)
{
    signal(SIGSEGV, SIG_IGN);
    bad_sigreturn();
}

static void on_segv(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    _exit(sig == SIGSEGV && si->si_code == SI_KERNEL ? 42 : 43);
}

static void with_handler_on_altstack(void)
{
    static char altstack[65536];
    stack_t ss = { .ss_sp = altstack, .ss_size = sizeof altstack };
    sigaltstack(&ss, 0);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigaction(SIGSEGV, &sa, 0);
    bad_sigreturn();
}

/* Runs fn in a child, without a core file, and returns its wait status. */
static int status_of(void (*fn)(void))
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        struct rlimit none = { 0, 0 };
        setrlimit(RLIMIT_CORE, &none);
        fn();
        _exit(99);
    }
    return wait_status(pid);
}

static void expect_sigsegv(const char *what, int st)
{
    if (!WIFSIGNALED(st) || WTERMSIG(st) != SIGSEGV) {
        fprintf(stderr, "%s: status %#x, expected death by SIGSEGV\n", what, st);
        check_failures++;
    }
}

int main(void)
{
    unreadable = mmap(0, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(unreadable != MAP_FAILED);
    expect_sigsegv("default action", status_of(with_default));
    expect_sigsegv("SIGSEGV blocked", status_of(with_blocked));
    expect_sigsegv("SIGSEGV ignored", status_of(with_ignored));
    int st = status_of(with_handler_on_altstack);
    CHECK_EXITED(st, 42);
    return check_done();
}
