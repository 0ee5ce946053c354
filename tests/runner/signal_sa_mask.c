/* signal_sa_mask: inside a handler the signal itself and sa_mask are blocked
 * (added to the interrupted mask); the old mask is back after return, and a
 * signal raised inside the handler that is blocked waits until then. */
#include "check.h"

static sigset_t in_handler;
static volatile sig_atomic_t usr2_hits, usr2_during;
static volatile sig_atomic_t in_usr1;
static void on_usr2(int sig) { (void)sig; usr2_hits++; if (in_usr1) usr2_during++; }
static void on_usr1(int sig)
{
    (void)sig;
    in_usr1 = 1;
    sigprocmask(SIG_BLOCK, NULL, &in_handler);
    raise(SIGUSR2);                     /* in sa_mask: must wait */
    in_usr1 = 0;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr2;
    REQUIRE_SYS(sigaction(SIGUSR2, &sa, NULL));
    sa.sa_handler = on_usr1;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGUSR2);
    sigaddset(&sa.sa_mask, SIGRTMIN + 7);
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));

    sigset_t m, after;
    sigemptyset(&m);
    sigaddset(&m, SIGWINCH);
    sigprocmask(SIG_SETMASK, &m, NULL);
    raise(SIGUSR1);
    CHECK(sigismember(&in_handler, SIGUSR1));
    CHECK(sigismember(&in_handler, SIGUSR2));
    CHECK(sigismember(&in_handler, SIGRTMIN + 7));
    CHECK(sigismember(&in_handler, SIGWINCH));
    CHECK(!sigismember(&in_handler, SIGTERM));
    CHECK_EQ(usr2_hits, 1);
    CHECK_EQ(usr2_during, 0);
    sigprocmask(SIG_BLOCK, NULL, &after);
    CHECK(!sigismember(&after, SIGUSR1));
    CHECK(!sigismember(&after, SIGUSR2));
    CHECK(sigismember(&after, SIGWINCH));
    return check_done();
}
