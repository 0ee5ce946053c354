/* proc_posix_spawn: posix_spawn/posix_spawnp of native and same-ABI programs,
 * with file actions (stdout into a pipe) and a spawn signal mask. */
#include "check.h"
#include <spawn.h>

extern char **environ;

int main(void)
{
    pid_t pid;
    char *t[] = { "true", NULL };
    CHECK_EQ(posix_spawn(&pid, "/bin/true", NULL, NULL, t, environ), 0);
    CHECK_EXITED(wait_status(pid), 0);

    char *sh[] = { "sh", "-c", "exit 6", NULL };
    CHECK_EQ(posix_spawnp(&pid, "sh", NULL, NULL, sh, environ), 0);
    CHECK_EXITED(wait_status(pid), 6);

    char *h[] = { "helper_prog", "exit", "19", NULL };
    CHECK_EQ(posix_spawn(&pid, helper_path("helper_prog"), NULL, NULL, h, environ), 0);
    CHECK_EXITED(wait_status(pid), 19);

    /* Output redirected by file actions, environment passed explicitly. */
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    char *args[] = { "helper_prog", "args", "spawned", NULL };
    char *envp[] = { "X32_HELPER_VAR=spawn-env", NULL };
    CHECK_EQ(posix_spawn(&pid, helper_path("helper_prog"), &fa, NULL, args, envp), 0);
    close(fds[1]);
    char buf[256] = "";
    size_t got = 0;
    ssize_t n;
    while ((n = read(fds[0], buf + got, sizeof buf - 1 - got)) > 0)
        got += n;
    buf[got] = 0;
    CHECK_STR(buf, "spawned\nspawn-env\n");
    CHECK_EXITED(wait_status(pid), 0);
    posix_spawn_file_actions_destroy(&fa);

    /* A spawn attribute mask is what the child starts with. */
    REQUIRE_SYS(pipe(fds));
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGUSR1);
    posix_spawnattr_setsigmask(&attr, &mask);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
    char *ss[] = { "helper_prog", "sigstate", NULL };
    CHECK_EQ(posix_spawn(&pid, helper_path("helper_prog"), &fa, &attr, ss, environ), 0);
    close(fds[1]);
    memset(buf, 0, sizeof buf);
    n = read(fds[0], buf, sizeof buf - 1);
    CHECK_STR(buf, "blocked=1 ignored=0 default=1\n");
    CHECK_EXITED(wait_status(pid), 0);

    /* A missing program is reported by posix_spawn itself. */
    char *none[] = { "none", NULL };
    CHECK_EQ(posix_spawn(&pid, "/nonexistent/prog", NULL, NULL, none, environ), ENOENT);
    return check_done();
}
