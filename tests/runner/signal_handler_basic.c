/* signal_handler_basic: signal()/sigaction handlers run once per raise with
 * the signal number, and execution resumes after the raise. */
#include "check.h"

static volatile sig_atomic_t hits, last_sig;
static void handler(int sig) { hits++; last_sig = sig; }

int main(void)
{
    CHECK(signal(SIGUSR1, handler) != SIG_ERR);
    CHECK_EQ(raise(SIGUSR1), 0);
    CHECK_EQ(hits, 1);
    CHECK_EQ(last_sig, SIGUSR1);
    CHECK_EQ(raise(SIGUSR1), 0);
    CHECK_EQ(hits, 2);

    const int sigs[] = { SIGHUP, SIGINT, SIGQUIT, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM,
                         SIGCHLD, SIGCONT, SIGTSTP, SIGTTIN, SIGTTOU, SIGURG, SIGXCPU,
                         SIGXFSZ, SIGVTALRM, SIGPROF, SIGWINCH, SIGIO, SIGPWR, SIGSYS,
                         SIGRTMIN, SIGRTMIN + 5, SIGRTMAX };
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = handler;
        if (!CHECK_SYS(sigaction(sigs[i], &sa, NULL)))
            continue;
        hits = 0;
        last_sig = 0;
        CHECK_EQ(raise(sigs[i]), 0);
        if (!CHECK_EQ(hits, 1) || !CHECK_EQ(last_sig, sigs[i]))
            fprintf(stderr, "  for signal %d\n", sigs[i]);
    }
    /* SIG_IGN really ignores. */
    signal(SIGUSR2, SIG_IGN);
    hits = 0;
    raise(SIGUSR2);
    CHECK_EQ(hits, 0);
    /* Handlers cannot be installed for SIGKILL/SIGSTOP or bad numbers. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    CHECK_ERR(sigaction(SIGKILL, &sa, NULL), EINVAL);
    CHECK_ERR(sigaction(SIGSTOP, &sa, NULL), EINVAL);
    CHECK_ERR(sigaction(0, &sa, NULL), EINVAL);
    CHECK_ERR(sigaction(65, &sa, NULL), EINVAL);
    return check_done();
}
