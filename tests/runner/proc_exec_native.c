/* proc_exec_native: exec of ordinary x86-64 programs (/bin/true, /bin/false,
 * /bin/sh -c) from this program works, with their exit codes and output. */
#include "check.h"

static int run(char *const argv[])
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        execv(argv[0], argv);
        _exit(127);
    }
    return wait_status(pid);
}

int main(void)
{
    char *t[] = { "/bin/true", NULL };
    char *f[] = { "/bin/false", NULL };
    char *sh[] = { "/bin/sh", "-c", "exit 17", NULL };
    char *sh_sig[] = { "/bin/sh", "-c", "kill -TERM $$", NULL };
    CHECK_EXITED(run(t), 0);
    CHECK_EXITED(run(f), 1);
    CHECK_EXITED(run(sh), 17);
    int st = run(sh_sig);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM);

    /* Output and environment through a native shell. */
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        setenv("X32_FROM_PARENT", "hello", 1);
        execl("/bin/sh", "sh", "-c", "printf '%s:%s' \"$X32_FROM_PARENT\" \"$1\"", "sh",
              "arg1", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    char buf[128] = "";
    ssize_t n = read(fds[0], buf, sizeof buf - 1);
    CHECK(n > 0);
    if (n > 0)
        buf[n] = 0;
    CHECK_STR(buf, "hello:arg1");
    CHECK_EXITED(wait_status(pid), 0);
    return check_done();
}
