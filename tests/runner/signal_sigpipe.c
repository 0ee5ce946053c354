/* signal_sigpipe: writing to a pipe with no reader raises SIGPIPE (default:
 * death; handled or ignored: write fails with EPIPE). */
#include "check.h"

static volatile sig_atomic_t hits;
static void handler(int sig) { (void)sig; hits++; }

static int fds[2];
static void write_to_broken(void)
{
    signal(SIGPIPE, SIG_DFL);           /* whoever started us may ignore it */
    (void)!write(fds[1], "x", 1);
    _exit(0);
}

int main(void)
{
    REQUIRE_SYS(pipe(fds));
    close(fds[0]);                      /* no reader left anywhere */
    int st = run_child(write_to_broken);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGPIPE);

    signal(SIGPIPE, handler);
    CHECK_ERR(write(fds[1], "x", 1), EPIPE);
    CHECK_EQ(hits, 1);
    signal(SIGPIPE, SIG_IGN);
    CHECK_ERR(write(fds[1], "x", 1), EPIPE);
    CHECK_EQ(hits, 1);
    return check_done();
}
