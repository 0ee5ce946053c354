/* proc_waitpid_signaled: children killed by signals (sent by the parent, by
 * themselves, or by a fault) are reported with WIFSIGNALED/WTERMSIG. */
#include "check.h"
#include <sys/resource.h>

static void wait_forever(void) { for (;;) pause(); }
static void self_kill(void) { kill(getpid(), SIGUSR2); _exit(0); }
static int *volatile bad_ptr = (int *)8;
static void segfault(void) { *bad_ptr = 1; _exit(0); }

static void check_killed(int st, int sig)
{
    if (!CHECK(WIFSIGNALED(st)))
        fprintf(stderr, "  expected death by %d, status %#x\n", sig, st);
    else
        CHECK_EQ(WTERMSIG(st), sig);
    CHECK(!WIFEXITED(st));
}

int main(void)
{
    struct rlimit no_core = { 0, 0 };
    setrlimit(RLIMIT_CORE, &no_core);
    static const int sigs[] = { SIGKILL, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGALRM };
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        fflush(NULL);
        pid_t pid = fork();
        REQUIRE_SYS(pid);
        if (pid == 0)
            wait_forever();
        sleep_ms(20);
        CHECK_SYS(kill(pid, sigs[i]));
        check_killed(wait_status(pid), sigs[i]);
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        self_kill();
    check_killed(wait_status(pid), SIGUSR2);
    pid = fork();
    if (pid == 0)
        segfault();
    check_killed(wait_status(pid), SIGSEGV);
    return check_done();
}
