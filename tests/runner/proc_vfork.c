/* proc_vfork: vfork suspends the parent until the child exits or execs;
 * the child runs in the parent's memory; exit codes come back. */
#include "check.h"

int main(void)
{
    volatile int marker = 0;
    fflush(NULL);
    pid_t pid = vfork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        marker = 5;             /* shared memory: the parent sees it */
        _exit(9);
    }
    CHECK_EQ(marker, 5);
    CHECK_EXITED(wait_status(pid), 9);

    /* vfork + exec of a native program. */
    pid = vfork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", "exit 4", (char *)NULL);
        _exit(127);
    }
    CHECK_EXITED(wait_status(pid), 4);

    /* vfork + exec of a program of our own ABI. */
    const char *helper = helper_path("helper_prog");
    pid = vfork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        execl(helper, "helper_prog", "exit", "12", (char *)NULL);
        _exit(127);
    }
    CHECK_EXITED(wait_status(pid), 12);

    /* Several in a row: the parent's state survives each child. */
    volatile int sum = 0;
    for (volatile int i = 1; i <= 20; i++) {
        pid = vfork();
        REQUIRE_SYS(pid);
        if (pid == 0)
            _exit(i);
        int st = wait_status(pid);
        if (WIFEXITED(st))
            sum += WEXITSTATUS(st);
    }
    CHECK_EQ(sum, 210);
    return check_done();
}
