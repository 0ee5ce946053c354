/* proc_exec_shebang: execve of a "#!" script runs its interpreter with the
 * optional argument, the script path and the remaining arguments, both for
 * a native interpreter (/bin/sh) and for an interpreter of this ABI. */
#include "check.h"
#include <fcntl.h>
#include <sys/stat.h>

static void write_script(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0755);
    REQUIRE_SYS(fd);
    CHECK_EQ(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
}

static char *run(const char *path, char *const argv[])
{
    static char out[1024];
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        dup2(fds[1], 1);
        char *envp[] = { "X32_HELPER_VAR=script-env", NULL };
        execve(path, argv, envp);
        _exit(127);
    }
    close(fds[1]);
    size_t got = 0;
    ssize_t n;
    while ((n = read(fds[0], out + got, sizeof out - 1 - got)) > 0)
        got += n;
    out[got] = 0;
    close(fds[0]);
    CHECK_EXITED(wait_status(pid), 0);
    return out;
}

int main(void)
{
    write_script("native.sh", "#!/bin/sh\necho \"sh:$1:$2\"\n");
    char *a1[] = { "native.sh", "one", "two", NULL };
    CHECK_STR(run("./native.sh", a1), "sh:one:two\n");

    char text[1200];
    snprintf(text, sizeof text, "#!%s args\nignored body\n", helper_path("helper_prog"));
    write_script("x32script", text);
    char *a2[] = { "x32script", "extra", NULL };
    /* helper_prog args ./x32script extra -> prints its arguments after "args" */
    CHECK_STR(run("./x32script", a2), "./x32script\nextra\nscript-env\n");
    return check_done();
}
