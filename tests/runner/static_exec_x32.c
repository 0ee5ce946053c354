/* static_exec_x32: a static program execs a (dynamic) program of its ABI and
 * a native shell, and sees their exit codes. */
// build: -static
#include "check.h"

int main(void)
{
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        execl(helper_path("helper_prog"), "helper_prog", "exit", "31", (char *)NULL);
        _exit(127);
    }
    CHECK_EXITED(wait_status(pid), 31);
    pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", "exit 32", (char *)NULL);
        _exit(127);
    }
    CHECK_EXITED(wait_status(pid), 32);
    return check_done();
}
