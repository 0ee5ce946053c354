/* signal_siglongjmp_mask: leaving a handler with siglongjmp restores the mask
 * saved by sigsetjmp(env, 1); with sigsetjmp(env, 0) the handler's mask
 * (signal blocked) stays in force. */
#include "check.h"
#include <setjmp.h>

static sigjmp_buf env;
static void handler(int sig) { siglongjmp(env, sig); }

static int blocked(int sig)
{
    sigset_t cur;
    sigprocmask(SIG_BLOCK, NULL, &cur);
    return sigismember(&cur, sig);
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGUSR2);
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));

    volatile int jumped = 0;
    int r = sigsetjmp(env, 1);
    if (r == 0) {
        raise(SIGUSR1);
        CHECK(!"handler returned");
    } else {
        jumped = r;
    }
    CHECK_EQ(jumped, SIGUSR1);
    CHECK(!blocked(SIGUSR1));
    CHECK(!blocked(SIGUSR2));

    jumped = 0;
    r = sigsetjmp(env, 0);
    if (r == 0)
        raise(SIGUSR1);
    else
        jumped = r;
    CHECK_EQ(jumped, SIGUSR1);
    CHECK(blocked(SIGUSR1));
    CHECK(blocked(SIGUSR2));
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);

    /* A thousand round trips leave nothing behind. */
    volatile int count = 0;
    for (volatile int i = 0; i < 1000; i++) {
        if (sigsetjmp(env, 1) == 0)
            raise(SIGUSR1);
        else
            count++;
    }
    CHECK_EQ(count, 1000);
    CHECK(!blocked(SIGUSR1));
    return check_done();
}
