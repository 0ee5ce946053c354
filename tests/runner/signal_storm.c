/* signal_storm: thousands of signals from another process while this one
 * makes system calls in a loop: nothing crashes, no queued real-time signal
 * is lost or duplicated, and system calls keep returning right results. */
#include "check.h"
#include <fcntl.h>
#include <sched.h>

#define RT_COUNT 2000
static volatile sig_atomic_t usr1, rt;
static volatile int rt_sum;
static void on_usr1(int sig) { (void)sig; usr1++; }
static void on_rt(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    rt++;
    rt_sum += si->si_value.sival_int;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGUSR1, &sa, NULL);
    sa.sa_sigaction = on_rt;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGRTMIN, &sa, NULL);

    int done[2];
    REQUIRE_SYS(pipe(done));
    pid_t parent = getpid();
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        int want = 0;
        for (int i = 1; i <= RT_COUNT; i++) {
            union sigval v = { .sival_int = i };
            while (sigqueue(parent, SIGRTMIN, v) == -1 && errno == EAGAIN)
                sched_yield();          /* the queue is full: retry */
            kill(parent, SIGUSR1);
            want += i;
        }
        (void)!write(done[1], &want, sizeof want);
        _exit(0);
    }
    close(done[1]);
    fcntl(done[0], F_SETFL, O_NONBLOCK);
    int fd = open("/dev/null", O_RDONLY);
    long long calls = 0, wrong = 0;
    int want = -1;
    char buf[16];
    for (;;) {
        if (getppid() <= 0 || read(fd, buf, sizeof buf) != 0)
            wrong++;
        calls++;
        ssize_t n = read(done[0], &want, sizeof want);
        if (n == (ssize_t)sizeof want)
            break;
        if (n == 0)
            break;
    }
    CHECK_EXITED(wait_status(pid), 0);
    for (int i = 0; i < 200 && rt < RT_COUNT; i++)
        sleep_ms(5);
    CHECK_EQ(wrong, 0);
    CHECK_EQ(rt, RT_COUNT);
    CHECK_EQ(rt_sum, want);
    CHECK(usr1 >= 1 && usr1 <= RT_COUNT);
    CHECK(calls > 0);
    return check_done();
}
