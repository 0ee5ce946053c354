/* signal_rt_order: pending signals unblocked together are delivered lowest
 * number first, real-time ones queue while standard ones coalesce. */
#include "check.h"

static int order[32];
static volatile sig_atomic_t n;
static void handler(int sig) { if (n < 32) order[n] = sig; n++; }

int main(void)
{
    int sigs[] = { SIGRTMIN + 3, SIGUSR2, SIGRTMIN + 1, SIGUSR1, SIGRTMIN + 3 };
    sigset_t block, old;
    sigemptyset(&block);
    for (int i = 0; i < 5; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = handler;
        sigfillset(&sa.sa_mask);        /* no nesting: deliveries come one by one */
        sigaction(sigs[i], &sa, NULL);
        sigaddset(&block, sigs[i]);
    }
    sigprocmask(SIG_BLOCK, &block, &old);
    for (int i = 0; i < 5; i++)
        raise(sigs[i]);
    raise(SIGUSR1);                     /* coalesces with the pending SIGUSR1 */
    sigprocmask(SIG_SETMASK, &old, NULL);
    CHECK_EQ(n, 5);
    int want[] = { SIGUSR1, SIGUSR2, SIGRTMIN + 1, SIGRTMIN + 3, SIGRTMIN + 3 };
    for (int i = 0; i < 5 && i < n; i++)
        CHECK_EQ(order[i], want[i]);
    return check_done();
}
