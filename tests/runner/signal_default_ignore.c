/* signal_default_ignore: signals whose default action is "ignore"
 * (SIGCHLD, SIGURG, SIGWINCH) do nothing with SIG_DFL, and setting a pending
 * signal to SIG_IGN discards it. */
#include "check.h"

static volatile sig_atomic_t hits;
static void handler(int sig) { (void)sig; hits++; }

int main(void)
{
    signal(SIGCHLD, SIG_DFL);
    signal(SIGURG, SIG_DFL);
    signal(SIGWINCH, SIG_DFL);
    CHECK_EQ(raise(SIGCHLD), 0);
    CHECK_EQ(raise(SIGURG), 0);
    CHECK_EQ(raise(SIGWINCH), 0);
    CHECK_SYS(kill(getpid(), SIGWINCH));

    /* Pending, then ignored: discarded, not delivered later. */
    signal(SIGUSR1, handler);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    sigprocmask(SIG_BLOCK, &s, NULL);
    raise(SIGUSR1);
    signal(SIGUSR1, SIG_IGN);
    sigset_t p;
    sigpending(&p);
    CHECK(!sigismember(&p, SIGUSR1));
    signal(SIGUSR1, handler);
    sigprocmask(SIG_UNBLOCK, &s, NULL);
    CHECK_EQ(hits, 0);

    /* A blocked signal whose default is ignore stays pending (POSIX). */
    sigemptyset(&s);
    sigaddset(&s, SIGWINCH);
    sigprocmask(SIG_BLOCK, &s, NULL);
    raise(SIGWINCH);
    sigpending(&p);
    CHECK(sigismember(&p, SIGWINCH));
    sigprocmask(SIG_UNBLOCK, &s, NULL);
    sigpending(&p);
    CHECK(!sigismember(&p, SIGWINCH));
    return check_done();
}
