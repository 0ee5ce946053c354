/* startup_argv_envp: argc/argv/envp reach main intact, as run.sh passed them,
 * and the initial stack layout glibc expects (envp right after argv). */
#include "check.h"

extern char **environ;

int main(int argc, char **argv, char **envp)
{
    CHECK_EQ(argc, 3);
    if (argc == 3) {
        const char *base = strrchr(argv[0], '/');
        base = base ? base + 1 : argv[0];
        /* musl.sh builds this program again as musl-startup_argv_envp. */
        if (strncmp(base, "musl-", 5) == 0)
            base += 5;
        CHECK_STR(base, "startup_argv_envp");
        CHECK_STR(argv[1], "x32-arg1");
        CHECK_STR(argv[2], "x32 arg 2");
    }
    CHECK(argv[argc] == NULL);
    CHECK(envp == argv + argc + 1);
    CHECK(environ == envp);
    CHECK_STR(getenv("X32_TEST_VAR"), "x32-value");
    int n = 0, found = 0;
    for (char **e = envp; *e; e++, n++)
        if (strcmp(*e, "X32_TEST_VAR=x32-value") == 0)
            found = 1;
    CHECK(found);
    CHECK(n >= 1);
    /* The pointers must be ordinary readable pointers of this ABI. */
    CHECK_EQ(sizeof argv[0], sizeof(void *));
    CHECK(setenv("X32_NEW_VAR", "1", 1) == 0);
    CHECK_STR(getenv("X32_NEW_VAR"), "1");
    return check_done();
}
