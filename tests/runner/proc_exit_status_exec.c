/* proc_exit_status_exec: the status of an exec'd program of this ABI
 * (normal exit codes and death by signal) reaches the parent unchanged. */
#include "check.h"
#include <sys/resource.h>

static int helper(const char *what, const char *arg)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        execl(helper_path("helper_prog"), "helper_prog", what, arg, (char *)NULL);
        _exit(127);
    }
    return wait_status(pid);
}

int main(void)
{
    struct rlimit no_core = { 0, 0 };
    setrlimit(RLIMIT_CORE, &no_core);
    CHECK_EXITED(helper("exit", "0"), 0);
    CHECK_EXITED(helper("exit", "1"), 1);
    CHECK_EXITED(helper("exit", "255"), 255);
    static const int sigs[] = { SIGTERM, SIGKILL, SIGINT, SIGUSR1, SIGSEGV, SIGABRT };
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        char num[8];
        snprintf(num, sizeof num, "%d", sigs[i]);
        int st = helper("signal", num);
        if (!CHECK(WIFSIGNALED(st)))
            fprintf(stderr, "  signal %d: status %#x\n", sigs[i], st);
        else
            CHECK_EQ(WTERMSIG(st), sigs[i]);
    }
    return check_done();
}
