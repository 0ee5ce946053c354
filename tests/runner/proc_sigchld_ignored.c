/* proc_sigchld_ignored: with SIGCHLD set to SIG_IGN children are reaped
 * automatically (wait fails with ECHILD), and SA_NOCLDSTOP suppresses
 * SIGCHLD for stops. */
#include "check.h"

static volatile sig_atomic_t chld_count;
static void on_chld(int sig) { (void)sig; chld_count++; }

int main(void)
{
    signal(SIGCHLD, SIG_IGN);
    fflush(NULL);
    for (int i = 0; i < 3; i++) {
        pid_t pid = fork();
        REQUIRE_SYS(pid);
        if (pid == 0)
            _exit(1);
    }
    /* wait blocks until all children are gone, then fails with ECHILD. */
    int st;
    CHECK_ERR(wait(&st), ECHILD);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_chld;
    sa.sa_flags = SA_NOCLDSTOP | SA_RESTART;
    REQUIRE_SYS(sigaction(SIGCHLD, &sa, NULL));
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0)
        for (;;)
            pause();
    kill(pid, SIGSTOP);
    st = 0;
    CHECK_EQ(waitpid(pid, &st, WUNTRACED), pid);
    CHECK(WIFSTOPPED(st));
    sleep_ms(50);
    CHECK_EQ(chld_count, 0);
    kill(pid, SIGKILL);
    st = wait_status(pid);
    CHECK(WIFSIGNALED(st));
    for (int i = 0; i < 100 && chld_count == 0; i++)
        sleep_ms(5);
    CHECK_EQ(chld_count, 1);
    return check_done();
}
