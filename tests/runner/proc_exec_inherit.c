/* proc_exec_inherit: an exec'd program of this ABI inherits the umask, the
 * working directory, resource limits, the process group and session, the
 * nice value and the pid (exec does not fork). */
#include "check.h"
#include <limits.h>
#include <sys/resource.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "child") == 0) {
        int bad = 0;
        mode_t m = umask(0);
        if (m != 027)
            bad |= 1;
        char cwd[PATH_MAX];
        if (!getcwd(cwd, sizeof cwd) || strcmp(cwd, "/") != 0)
            bad |= 2;
        struct rlimit r;
        getrlimit(RLIMIT_NOFILE, &r);
        if (r.rlim_cur != 77)
            bad |= 4;
        if (getpid() != atoi(argv[2]))
            bad |= 8;
        if (getpgrp() != atoi(argv[3]))
            bad |= 16;
        errno = 0;
        if (getpriority(PRIO_PROCESS, 0) != 7)
            bad |= 32;
        return bad;
    }
    char self[PATH_MAX];
    REQUIRE(realpath(argv[0], self) != NULL);
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        char p[16], g[16];
        setpgid(0, 0);
        umask(027);
        if (chdir("/") != 0)
            _exit(100);
        struct rlimit r = { 77, 77 };
        setrlimit(RLIMIT_NOFILE, &r);
        setpriority(PRIO_PROCESS, 0, 7);
        snprintf(p, sizeof p, "%d", (int)getpid());
        snprintf(g, sizeof g, "%d", (int)getpgrp());
        execl(self, "proc_exec_inherit", "child", p, g, (char *)NULL);
        _exit(127);
    }
    CHECK_EXITED(wait_status(pid), 0);
    return check_done();
}
