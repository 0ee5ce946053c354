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

static char *run(void (*fn)(void), int *status)
{
    static char out[16384];
    int fds[2];
    if (pipe(fds) != 0)
        return NULL;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 2);
        close(fds[0]);
        fn();
        _exit(0);
    }
    close(fds[1]);
    size_t got = 0;
    ssize_t n;
    while (got < sizeof out - 1 && (n = read(fds[0], out + got, sizeof out - 1 - got)) > 0)
        got += n;
    out[got] = 0;
    close(fds[0]);
    *status = wait_status(pid);
    return out;
}

int main(void)
{
    /* Ordinary use works with the sanitizer's allocator. */
    char *ok = malloc(1000);
    REQUIRE(ok != NULL);
    memset(ok, 1, 1000);
    free(ok);

    int st = 0;
    char *out = run(overflow, &st);
    CHECK(out != NULL);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) != 0);
    if (!CHECK(out && strstr(out, "ERROR: AddressSanitizer: heap-buffer-overflow")) ||
        !CHECK(strstr(out, "WRITE of size 1")))
        fprintf(stderr, "  child stderr:\n%.3000s", out ? out : "");
    out = run(use_after_free, &st);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) != 0);
    if (!CHECK(out && strstr(out, "ERROR: AddressSanitizer: heap-use-after-free")))
        fprintf(stderr, "  child stderr:\n%.3000s", out ? out : "");
    return check_done();
}
