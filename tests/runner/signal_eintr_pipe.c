/* signal_eintr_pipe: a read() blocked on an empty pipe and interrupted by
 * SIGALRM whose handler has no SA_RESTART fails with EINTR after the
 * handler ran; so does write() to a full pipe. */
#include "check.h"
#include <fcntl.h>

static volatile sig_atomic_t alarms;
static void on_alarm(int sig) { (void)sig; alarms++; }

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sa.sa_flags = 0;
    REQUIRE_SYS(sigaction(SIGALRM, &sa, NULL));
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    alarm(1);
    char buf[8];
    long long t0 = now_ns();
    CHECK_ERR(read(fds[0], buf, sizeof buf), EINTR);
    long long dt = now_ns() - t0;
    CHECK_EQ(alarms, 1);
    if (!CHECK(dt > 800000000LL && dt < 5000000000LL))
        fprintf(stderr, "  read blocked %lld ns\n", dt);

    /* Fill the pipe, then a blocking write is interrupted. */
    fcntl(fds[1], F_SETFL, O_NONBLOCK);
    static char chunk[65536];
    while (write(fds[1], chunk, sizeof chunk) > 0) {
    }
    fcntl(fds[1], F_SETFL, 0);
    alarm(1);
    CHECK_ERR(write(fds[1], chunk, sizeof chunk), EINTR);
    CHECK_EQ(alarms, 2);
    return check_done();
}
