/* signal_sigsys_guest: SIGSYS is an ordinary signal for the program (a
 * runner that uses SIGSYS itself must virtualise it): a handler gets it
 * with its siginfo, blocking makes it pending, and its default action
 * kills the process with SIGSYS. */
#include "check.h"
#include <fcntl.h>
#include <sys/resource.h>

static volatile sig_atomic_t hits;
static siginfo_t got;
static void handler(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    got = *si;
    hits++;
}

static void die_by_sigsys(void)
{
    signal(SIGSYS, SIG_DFL);
    raise(SIGSYS);
}

int main(void)
{
    struct rlimit no_core = { 0, 0 };
    setrlimit(RLIMIT_CORE, &no_core);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGSYS, &sa, NULL));
    CHECK_SYS(kill(getpid(), SIGSYS));
    CHECK_EQ(hits, 1);
    CHECK_EQ(got.si_signo, SIGSYS);
    CHECK_EQ(got.si_code, SI_USER);
    CHECK_EQ(got.si_pid, getpid());

    sigset_t s, cur, pend;
    sigemptyset(&s);
    sigaddset(&s, SIGSYS);
    CHECK_SYS(sigprocmask(SIG_BLOCK, &s, NULL));
    CHECK_SYS(sigprocmask(SIG_BLOCK, NULL, &cur));
    CHECK(sigismember(&cur, SIGSYS));
    raise(SIGSYS);
    CHECK_EQ(hits, 1);
    CHECK_SYS(sigpending(&pend));
    CHECK(sigismember(&pend, SIGSYS));
    /* System calls keep working while SIGSYS is blocked. */
    CHECK(getpid() > 0);
    int fd = open("/dev/null", O_RDONLY);
    CHECK_SYS(fd);
    CHECK_SYS(close(fd));
    CHECK_SYS(sigprocmask(SIG_UNBLOCK, &s, NULL));
    CHECK_EQ(hits, 2);
    CHECK_EQ(got.si_code, SI_TKILL);

    int st = run_child(die_by_sigsys);
    if (!CHECK(WIFSIGNALED(st)))
        fprintf(stderr, "  status %#x\n", st);
    else
        CHECK_EQ(WTERMSIG(st), SIGSYS);
    return check_done();
}
