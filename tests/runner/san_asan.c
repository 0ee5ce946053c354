/* san_asan: a program built with -fsanitize=address runs normally and
 * reports a heap buffer overflow (and a use after free) with ASan's report,
 * exiting non-zero. */
// build: -fsanitize=address -O0
#include "check.h"

const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "detect_leaks=0";            /* LSan needs ptrace; not under test */
}

static volatile int index_past = 16;

static void overflow(void)
{
    char *p = malloc(16);
    p[index_past] = 1;                  /* one byte past the block */
    free(p);
}

static void use_after_free(void)
{
    char *volatile p = malloc(32);
    free(p);
    p[3] = 1;
}

int main(void)
{
    /* Ordinary use works with the sanitizer's allocator. */
    char *ok = malloc(1000);
    REQUIRE(ok != NULL);
    memset(ok, 1, 1000);
    free(ok);

    static char out[16384];
    int st = run_child_stderr(overflow, out, sizeof out);
    CHECK(st != -1);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) != 0);
    if (!CHECK(strstr(out, "ERROR: AddressSanitizer: heap-buffer-overflow")) ||
        !CHECK(strstr(out, "WRITE of size 1")))
        fprintf(stderr, "  child stderr:\n%.3000s", out);
    st = run_child_stderr(use_after_free, out, sizeof out);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) != 0);
    if (!CHECK(strstr(out, "ERROR: AddressSanitizer: heap-use-after-free")))
        fprintf(stderr, "  child stderr:\n%.3000s", out);
    return check_done();
}
