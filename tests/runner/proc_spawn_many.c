/* proc_spawn_many: 300 posix_spawn (vfork-style) children of this ABI and
 * 300 fork+exec of a native program in a row all run and report their exit
 * codes: nothing leaks per child. */
#include "check.h"
#include <spawn.h>

extern char **environ;

int main(void)
{
    const char *helper = helper_path("helper_prog");
    int bad = 0;
    for (int i = 0; i < 300; i++) {
        char code[8];
        snprintf(code, sizeof code, "%d", i % 200);
        char *argv[] = { "helper_prog", "exit", code, NULL };
        pid_t pid;
        int e = posix_spawn(&pid, helper, NULL, NULL, argv, environ);
        if (e != 0) {
            CHECK_EQ(e, 0);
            break;
        }
        int st = wait_status(pid);
        if (!WIFEXITED(st) || WEXITSTATUS(st) != i % 200)
            bad++;
    }
    CHECK_EQ(bad, 0);
    for (int i = 0; i < 300; i++) {
        fflush(NULL);
        pid_t pid = fork();
        REQUIRE_SYS(pid);
        if (pid == 0) {
            execl("/bin/true", "true", (char *)NULL);
            _exit(127);
        }
        int st = wait_status(pid);
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
            bad++;
    }
    CHECK_EQ(bad, 0);
    return check_done();
}
