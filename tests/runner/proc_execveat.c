/* proc_execveat: fexecve and execveat(AT_EMPTY_PATH) run a program of this
 * ABI (and a native one) from an open descriptor; execveat relative to a
 * directory fd works too. */
#include "check.h"
#include <fcntl.h>
#include <libgen.h>
#include <sys/syscall.h>

extern char **environ;

static int run_fd(int fd, const char *code, int flags, const char *rel)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        char *argv[] = { "helper_prog", "exit", (char *)code, NULL };
        if (rel)
            syscall(SYS_execveat, fd, rel, argv, environ, flags);
        else
            fexecve(fd, argv, environ);
        _exit(127);
    }
    return wait_status(pid);
}

int main(void)
{
    const char *helper = helper_path("helper_prog");
    int fd = open(helper, O_RDONLY | O_CLOEXEC);
    REQUIRE_SYS(fd);
    CHECK_EXITED(run_fd(fd, "41", 0, NULL), 41);
    int pfd = open(helper, O_PATH);
    REQUIRE_SYS(pfd);
    CHECK_EXITED(run_fd(pfd, "42", AT_EMPTY_PATH, ""), 42);
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", helper);
    int dfd = open(dirname(dir), O_RDONLY | O_DIRECTORY);
    REQUIRE_SYS(dfd);
    CHECK_EXITED(run_fd(dfd, "43", 0, "helper_prog"), 43);

    /* A native program through fexecve. */
    int tfd = open("/bin/false", O_RDONLY);
    REQUIRE_SYS(tfd);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        char *argv[] = { "false", NULL };
        fexecve(tfd, argv, environ);
        _exit(127);
    }
    CHECK_EXITED(wait_status(pid), 1);
    CHECK_ERR(syscall(SYS_execveat, dfd, "no-such-prog", (char *[]){ "x", NULL }, environ, 0),
              ENOENT);
    return check_done();
}
