/* proc_exec_x32: fork + execve of another program of this ABI passes argv
 * and envp exactly and returns its exit code and output. */
#include "check.h"

int main(void)
{
    const char *helper = helper_path("helper_prog");
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        char *argv[] = { "helper_prog", "args", "one", "two words", "", "last", NULL };
        char *envp[] = { "X32_HELPER_VAR=from-parent", "OTHER=1", NULL };
        dup2(fds[1], 1);
        close(fds[0]);
        execve(helper, argv, envp);
        _exit(127);
    }
    close(fds[1]);
    char buf[512];
    size_t got = 0;
    ssize_t n;
    while ((n = read(fds[0], buf + got, sizeof buf - 1 - got)) > 0)
        got += n;
    buf[got] = 0;
    close(fds[0]);
    CHECK_EXITED(wait_status(pid), 0);
    CHECK_STR(buf, "one\ntwo words\n\nlast\nfrom-parent\n");

    /* Exit codes of the exec'd program reach the parent. */
    static const char *codes[] = { "0", "3", "200" };
    for (int i = 0; i < 3; i++) {
        pid = fork();
        REQUIRE_SYS(pid);
        if (pid == 0) {
            execl(helper, "helper_prog", "exit", codes[i], (char *)NULL);
            _exit(127);
        }
        CHECK_EXITED(wait_status(pid), atoi(codes[i]));
    }

    /* execvp searches PATH. */
    pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        char path[1100];
        snprintf(path, sizeof path, "/nonexistent:%s", getenv("X32_TEST_HELPERS"));
        setenv("PATH", path, 1);
        execlp("helper_prog", "helper_prog", "exit", "21", (char *)NULL);
        _exit(127);
    }
    CHECK_EXITED(wait_status(pid), 21);
    return check_done();
}
