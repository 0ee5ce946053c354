/* proc_system: system() runs /bin/sh and returns wait statuses. */
#include "check.h"

int main(void)
{
    CHECK(system(NULL) != 0);
    CHECK_EXITED(system("exit 0"), 0);
    CHECK_EXITED(system("exit 7"), 7);
    CHECK_EXITED(system("true && test 1 -eq 1"), 0);
    int st = system("kill -KILL $$");
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
    /* The shell runs its own children (command substitution). */
    CHECK_EXITED(system("exit $(( $(printf 3) + 4 ))"), 7);
    /* Output of the command goes to our stdout: redirect to a file and read. */
    CHECK_EXITED(system("echo system-output > system.out"), 0);
    FILE *f = fopen("system.out", "r");
    char line[64] = "";
    CHECK(f && fgets(line, sizeof line, f));
    CHECK_STR(line, "system-output\n");
    if (f)
        fclose(f);
    /* system() blocks SIGCHLD and ignores SIGINT/SIGQUIT while it waits, then
     * restores the caller's state. */
    sigset_t before, after;
    sigprocmask(SIG_BLOCK, NULL, &before);
    CHECK_EXITED(system("exit 1"), 1);
    sigprocmask(SIG_BLOCK, NULL, &after);
    CHECK_EQ(sigismember(&after, SIGCHLD), sigismember(&before, SIGCHLD));
    return check_done();
}
