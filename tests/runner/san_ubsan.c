/* san_ubsan: a program built with -fsanitize=undefined reports signed
 * overflow, a misaligned load and an out-of-bounds shift as "runtime error"
 * on stderr and keeps running. */
// build: -fsanitize=undefined -O0
#include "check.h"

static volatile int big = 0x7fffffff, one = 1, shift = 40;

static void undefined_things(void)
{
    int sum = big + one;                        /* signed overflow */
    char bytes[16] __attribute__((aligned(8))) = { 0 };
    volatile long long *mis = (long long *)(void *)(bytes + 1);
    long long v = *mis;                         /* misaligned load */
    int sh = one << shift;                      /* shift too far */
    printf("%d %lld %d\n", sum, v, sh);
}

int main(void)
{
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        dup2(fds[1], 2);
        close(fds[0]);
        undefined_things();
        fprintf(stderr, "still-running\n");
        _exit(0);
    }
    close(fds[1]);
    static char out[8192];
    size_t got = 0;
    ssize_t n;
    while (got < sizeof out - 1 && (n = read(fds[0], out + got, sizeof out - 1 - got)) > 0)
        got += n;
    out[got] = 0;
    CHECK_EXITED(wait_status(pid), 0);
    if (!CHECK(strstr(out, "runtime error: signed integer overflow")) ||
        !CHECK(strstr(out, "misaligned address")) || !CHECK(strstr(out, "shift exponent 40")) ||
        !CHECK(strstr(out, "still-running")))
        fprintf(stderr, "  child stderr:\n%s", out);
    return check_done();
}
