/* proc_exec_signal_state: across execve the blocked mask and ignored
 * signals are kept and caught signals revert to SIG_DFL. */
#include "check.h"

static void handler(int sig) { (void)sig; }

int main(void)
{
    const char *helper = helper_path("helper_prog");
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, SIGUSR1);
        sigprocmask(SIG_BLOCK, &set, NULL);
        signal(SIGUSR2, SIG_IGN);
        signal(SIGTERM, handler);
        dup2(fds[1], 1);
        execl(helper, "helper_prog", "sigstate", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    char buf[128] = "";
    ssize_t n = read(fds[0], buf, sizeof buf - 1);
    if (n > 0)
        buf[n] = 0;
    CHECK_STR(buf, "blocked=1 ignored=1 default=1\n");
    CHECK_EXITED(wait_status(pid), 0);

    /* And with nothing blocked, nothing is blocked after exec. */
    REQUIRE_SYS(pipe(fds));
    pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        dup2(fds[1], 1);
        execl(helper, "helper_prog", "sigstate", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    memset(buf, 0, sizeof buf);
    n = read(fds[0], buf, sizeof buf - 1);
    CHECK_STR(buf, "blocked=0 ignored=0 default=1\n");
    CHECK_EXITED(wait_status(pid), 0);
    return check_done();
}
