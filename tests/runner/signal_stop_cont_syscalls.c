/* signal_stop_cont_syscalls: being stopped (SIGSTOP) and continued (SIGCONT,
 * no handler) while blocked does not disturb system calls: nanosleep
 * resumes and sleeps its full time, read() keeps waiting and returns the
 * data.  A SIGCONT *handler* without SA_RESTART does interrupt read(). */
#include "check.h"

static volatile sig_atomic_t conts;
static void on_cont(int sig) { (void)sig; conts++; }

/* Stop the child after 50 ms, continue it 100 ms later. */
static void stop_and_continue(pid_t pid)
{
    sleep_ms(50);
    kill(pid, SIGSTOP);
    sleep_ms(100);
    kill(pid, SIGCONT);
}

int main(void)
{
    int report[2], data[2], ready[2];
    REQUIRE_SYS(pipe(report));
    REQUIRE_SYS(pipe(data));
    REQUIRE_SYS(pipe(ready));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        alarm(10);                      /* never hang the suite */
        int res[4];
        struct timespec req = { 0, 300000000 }, rem = { 0, 0 };
        long long t0 = now_ns();
        res[0] = nanosleep(&req, &rem);
        res[1] = (int)((now_ns() - t0) / 1000000);
        char c = 0;
        res[2] = (int)read(data[0], &c, 1);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_cont;
        sigaction(SIGCONT, &sa, NULL);
        (void)!write(ready[1], "r", 1);
        res[3] = (int)read(data[0], &c, 1) == -1 && errno == EINTR && conts == 1;
        (void)!write(report[1], res, sizeof res);
        _exit(0);
    }
    stop_and_continue(pid);             /* during nanosleep */
    sleep_ms(300);
    stop_and_continue(pid);             /* during the first read */
    sleep_ms(50);
    CHECK_EQ(write(data[1], "x", 1), 1);
    char r;
    CHECK_EQ(read(ready[0], &r, 1), 1);
    stop_and_continue(pid);             /* during the second read, with a handler */
    int res[4] = { -9, -9, -9, -9 };
    CHECK_EQ(read(report[0], res, sizeof res), sizeof res);
    CHECK_EQ(res[0], 0);
    CHECK(res[1] >= 295);
    CHECK_EQ(res[2], 1);
    CHECK_EQ(res[3], 1);
    CHECK_EXITED(wait_status(pid), 0);
    return check_done();
}
