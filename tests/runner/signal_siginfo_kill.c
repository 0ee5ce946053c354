/* signal_siginfo_kill: SA_SIGINFO handler fields for kill() (SI_USER, pid,
 * uid), raise/tgkill (SI_TKILL) and a signal sent by another process. */
#include "check.h"
#include <sys/syscall.h>

static siginfo_t got;
static volatile sig_atomic_t hits;
static void handler(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    got = *si;
    got.si_signo = sig == si->si_signo ? si->si_signo : -sig;
    hits++;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));

    memset(&got, 0, sizeof got);
    CHECK_SYS(kill(getpid(), SIGUSR1));
    CHECK_EQ(hits, 1);
    CHECK_EQ(got.si_signo, SIGUSR1);
    CHECK_EQ(got.si_code, SI_USER);
    CHECK_EQ(got.si_pid, getpid());
    CHECK_EQ(got.si_uid, getuid());
    CHECK_EQ(got.si_errno, 0);

    memset(&got, 0, sizeof got);
    CHECK_SYS(raise(SIGUSR1));
    CHECK_EQ(hits, 2);
    CHECK_EQ(got.si_code, SI_TKILL);
    CHECK_EQ(got.si_pid, getpid());
    CHECK_EQ(got.si_uid, getuid());

    memset(&got, 0, sizeof got);
    CHECK_SYS(syscall(SYS_tgkill, getpid(), gettid(), SIGUSR1));
    CHECK_EQ(hits, 3);
    CHECK_EQ(got.si_code, SI_TKILL);

    /* From a child: si_pid is the child's pid. */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGUSR1);
    sigprocmask(SIG_BLOCK, &block, &old);
    pid_t parent = getpid();
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0)
        _exit(kill(parent, SIGUSR1) == 0 ? 0 : 1);
    CHECK_EXITED(wait_status(pid), 0);
    memset(&got, 0, sizeof got);
    sigprocmask(SIG_SETMASK, &old, NULL);
    CHECK_EQ(hits, 4);
    CHECK_EQ(got.si_code, SI_USER);
    CHECK_EQ(got.si_pid, pid);
    return check_done();
}
