/* signal_sa_restart_pipe: a read() blocked on an empty pipe and interrupted
 * by SIGALRM whose handler has SA_RESTART is restarted: the handler runs,
 * then read() returns the data written later by another process. */
#include "check.h"
#include <sys/time.h>

static volatile sig_atomic_t alarms;
static void on_alarm(int sig) { (void)sig; alarms++; }

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sa.sa_flags = SA_RESTART;
    REQUIRE_SYS(sigaction(SIGALRM, &sa, NULL));
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        sleep_ms(400);
        _exit(write(fds[1], "data", 4) == 4 ? 0 : 1);
    }
    /* Three alarms 100 ms apart interrupt the read before the data comes. */
    struct itimerval it = { { 0, 100000 }, { 0, 100000 } };
    CHECK_SYS(setitimer(ITIMER_REAL, &it, NULL));
    char buf[8] = "";
    ssize_t n = read(fds[0], buf, sizeof buf);
    int err = errno;
    struct itimerval off = { { 0, 0 }, { 0, 0 } };
    setitimer(ITIMER_REAL, &off, NULL);
    if (!CHECK_EQ(n, 4))
        fprintf(stderr, "  read failed: %s\n", strerror(err));
    CHECK(memcmp(buf, "data", 4) == 0);
    CHECK(alarms >= 2);
    CHECK_EXITED(wait_status(pid), 0);
    return check_done();
}
