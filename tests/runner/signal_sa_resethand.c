/* signal_sa_resethand: SA_RESETHAND runs the handler once and resets the
 * action to SIG_DFL, so the next signal takes the default action. */
#include "check.h"

static volatile sig_atomic_t calls;
static void handler(int sig) { (void)sig; calls++; }

static void twice(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGUSR1, &sa, NULL);
    raise(SIGUSR1);
    CHECK_EQ(calls, 1);
    struct sigaction now;
    sigaction(SIGUSR1, NULL, &now);
    CHECK(now.sa_handler == SIG_DFL);
    fflush(NULL);
    raise(SIGUSR1);                 /* default action: terminate */
    CHECK(!"survived the second SIGUSR1");
}

int main(void)
{
    int st = run_child(twice);
    if (!CHECK(WIFSIGNALED(st)))
        fprintf(stderr, "  status %#x\n", st);
    else
        CHECK_EQ(WTERMSIG(st), SIGUSR1);
    return check_done();
}
