/* proc_exec_errors: a failing execve returns the right errno to the caller,
 * which keeps running. */
#include "check.h"
#include <fcntl.h>

int main(void)
{
    char *argv[] = { "x", NULL };
    char *envp[] = { NULL };
    CHECK_ERR(execve("/nonexistent/program", argv, envp), ENOENT);
    int fd = open("not_executable", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    REQUIRE_SYS(fd);
    CHECK_EQ(write(fd, "#!/bin/sh\nexit 0\n", 17), 17);
    close(fd);
    CHECK_ERR(execve("not_executable", argv, envp), EACCES);
    CHECK_ERR(execve("/", argv, envp), EACCES);
    CHECK_ERR(execve("/etc/passwd/x", argv, envp), ENOTDIR);
    /* An executable file that is not a valid program. */
    fd = open("garbage", O_WRONLY | O_CREAT | O_TRUNC, 0755);
    REQUIRE_SYS(fd);
    CHECK_EQ(write(fd, "\x7f" "ELF\x02\x01\x01 garbage garbage", 24), 24);
    close(fd);
    CHECK_ERR(execve("garbage", argv, envp), ENOEXEC);
    /* Still alive and able to fork. */
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        _exit(0);
    CHECK_EXITED(wait_status(pid), 0);
    return check_done();
}
