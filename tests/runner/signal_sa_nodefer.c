/* signal_sa_nodefer: with SA_NODEFER a handler can be re-entered by its own
 * signal; without it the re-raise is delivered after the handler returns. */
#include "check.h"

static volatile sig_atomic_t depth, max_depth, calls;
static void handler(int sig)
{
    calls++;
    depth++;
    if (depth > max_depth)
        max_depth = depth;
    if (calls < 3)
        raise(sig);
    depth--;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sa.sa_flags = SA_NODEFER;
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));
    raise(SIGUSR1);
    CHECK_EQ(calls, 3);
    CHECK_EQ(max_depth, 3);

    sa.sa_flags = 0;
    REQUIRE_SYS(sigaction(SIGUSR2, &sa, NULL));
    calls = depth = max_depth = 0;
    raise(SIGUSR2);
    CHECK_EQ(calls, 3);
    CHECK_EQ(max_depth, 1);
    return check_done();
}
