/* proc_fork_exit_status: fork children exit with chosen codes; the parent's
 * waitpid sees each code (only the low 8 bits), and the children are
 * separate processes with their own copy of memory. */
#include "check.h"

static volatile int shared_value = 1;

int main(void)
{
    static const int codes[] = { 0, 1, 42, 127, 255, 256, 300 };
    for (unsigned i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        fflush(NULL);
        pid_t pid = fork();
        REQUIRE_SYS(pid);
        if (pid == 0) {
            shared_value = 99;
            _exit(codes[i]);
        }
        CHECK_EXITED(wait_status(pid), codes[i] & 0xff);
    }
    CHECK_EQ(shared_value, 1);

    /* exit() through the C library (atexit path) also reports the code. */
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0)
        exit(77);
    CHECK_EXITED(wait_status(pid), 77);

    /* The child sees its own pid and the parent as parent. */
    pid_t parent = getpid();
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        pid_t ids[2] = { getpid(), getppid() };
        ssize_t w = write(fds[1], ids, sizeof ids);
        _exit(w == sizeof ids ? 0 : 1);
    }
    pid_t ids[2] = { 0, 0 };
    CHECK_EQ(read(fds[0], ids, sizeof ids), sizeof ids);
    CHECK_EQ(ids[0], pid);
    CHECK_EQ(ids[1], parent);
    CHECK(pid != parent);
    CHECK_EXITED(wait_status(pid), 0);

    /* No children left. */
    CHECK_ERR(waitpid(-1, NULL, WNOHANG), ECHILD);
    return check_done();
}
