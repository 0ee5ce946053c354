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

/* UBSan reports and goes on: the child must get past every report. */
static void undefined_then_go_on(void)
{
    undefined_things();
    fprintf(stderr, "still-running\n");
}

int main(void)
{
    static char out[8192];
    CHECK_EXITED(run_child_stderr(undefined_then_go_on, out, sizeof out), 0);
    if (!CHECK(strstr(out, "runtime error: signed integer overflow")) ||
        !CHECK(strstr(out, "misaligned address")) || !CHECK(strstr(out, "shift exponent 40")) ||
        !CHECK(strstr(out, "still-running")))
        fprintf(stderr, "  child stderr:\n%s", out);
    return check_done();
}
