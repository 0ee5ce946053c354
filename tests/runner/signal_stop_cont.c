/* signal_stop_cont: a SIGTSTP handler runs (catchable stop), SIGSTOP stops
 * regardless, and a SIGCONT handler runs when the stopped child is
 * continued; SIGCHLD with CLD_STOPPED/CLD_CONTINUED reaches the parent. */
#include "check.h"

static volatile sig_atomic_t tstp, cont;
static void on_tstp(int sig) { (void)sig; tstp++; }
static void on_cont(int sig) { (void)sig; cont++; }

static volatile sig_atomic_t chld_stopped, chld_continued;
static void on_chld(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    if (si->si_code == CLD_STOPPED)
        chld_stopped++;
    if (si->si_code == CLD_CONTINUED)
        chld_continued++;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_chld;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    REQUIRE_SYS(sigaction(SIGCHLD, &sa, NULL));
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        signal(SIGCHLD, SIG_DFL);
        signal(SIGTSTP, on_tstp);
        signal(SIGCONT, on_cont);
        raise(SIGTSTP);                 /* handled: no stop */
        if (tstp != 1)
            _exit(2);
        raise(SIGSTOP);                 /* stops until the parent continues us */
        char c;
        if (read(fds[0], &c, 1) != 1)
            _exit(3);
        _exit(cont == 1 ? 0 : 4);
    }
    int st = 0;
    CHECK_EQ(waitpid(pid, &st, WUNTRACED), pid);
    CHECK(WIFSTOPPED(st) && WSTOPSIG(st) == SIGSTOP);
    CHECK_SYS(kill(pid, SIGCONT));
    CHECK_EQ(write(fds[1], "c", 1), 1);
    CHECK_EXITED(wait_status(pid), 0);
    for (int i = 0; i < 100 && (!chld_stopped || !chld_continued); i++)
        sleep_ms(5);
    CHECK_EQ(chld_stopped, 1);
    CHECK_EQ(chld_continued, 1);
    return check_done();
}
