/* signal_alarm: alarm() delivers SIGALRM after about the given seconds,
 * returns the seconds left of a previous alarm, and alarm(0) cancels. */
#include "check.h"

static volatile sig_atomic_t fired;
static void on_alarm(int sig) { (void)sig; fired++; }

int main(void)
{
    signal(SIGALRM, on_alarm);
    CHECK_EQ(alarm(5), 0);
    CHECK_EQ(alarm(1), 5);
    long long t0 = now_ns();
    while (!fired && now_ns() - t0 < 3000000000LL)
        pause();
    long long dt = now_ns() - t0;
    CHECK_EQ(fired, 1);
    if (!CHECK(dt > 900000000LL && dt < 2000000000LL))
        fprintf(stderr, "  alarm after %lld ns\n", dt);
    CHECK_EQ(alarm(0), 0);

    CHECK_EQ(alarm(1), 0);
    CHECK_EQ(alarm(0), 1);
    sleep_ms(1300);
    CHECK_EQ(fired, 1);

    /* The default action of SIGALRM terminates. */
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        signal(SIGALRM, SIG_DFL);
        alarm(1);
        for (;;)
            pause();
    }
    int st = wait_status(pid);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM);
    return check_done();
}
