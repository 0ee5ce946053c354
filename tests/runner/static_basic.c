/* static_basic: a statically linked program starts, sees argv/env, uses
 * malloc (brk/mmap), stdio and exits with its status. */
// build: -static
#include "check.h"

int main(int argc, char **argv)
{
    CHECK_EQ(argc, 3);
    CHECK_STR(argv[1], "x32-arg1");
    CHECK_STR(getenv("X32_TEST_VAR"), "x32-value");
    char *small = malloc(100);
    char *big = malloc(8 << 20);
    CHECK(small && big);
    if (small && big) {
        memset(big, 0x5a, 8 << 20);
        CHECK_EQ(big[(8 << 20) - 1], 0x5a);
        snprintf(small, 100, "%d-%s", 42, "x");
        CHECK_STR(small, "42-x");
    }
    free(big);
    free(small);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        _exit(3);
    CHECK_EXITED(wait_status(pid), 3);
    return check_done();
}
