/* proc_exec_big_args: execve passes 2000 arguments and a 100 KB environment
 * variable to a program of this ABI intact. */
#include "check.h"

int main(int argc, char **argv)
{
    if (argc > 2 && strcmp(argv[1], "child") == 0) {
        int bad = argc != 2002;
        for (int i = 2; i < argc && !bad; i++) {
            char want[16];
            snprintf(want, sizeof want, "a%d", i - 2);
            bad = strcmp(argv[i], want) != 0;
        }
        const char *big = getenv("X32_BIG");
        bad |= !big || strlen(big) != 100000 || big[99999] != 'z';
        return bad ? 3 : 0;
    }
    static char *args[2004];
    static char storage[2000][16];
    args[0] = argv[0];
    args[1] = "child";
    for (int i = 0; i < 2000; i++) {
        snprintf(storage[i], sizeof storage[i], "a%d", i);
        args[i + 2] = storage[i];
    }
    char *big = malloc(100000 + 9);
    REQUIRE(big != NULL);
    memcpy(big, "X32_BIG=", 8);
    memset(big + 8, 'z', 100000);
    big[100008] = 0;
    char *envp[] = { big, "X32_TEST_HELPERS=unused", NULL };
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        execve("/proc/self/exe", args, envp);
        _exit(127);
    }
    CHECK_EXITED(wait_status(pid), 0);
    return check_done();
}
