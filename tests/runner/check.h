/* check.h: the few helpers every runner test shares.
 *
 * A test records each wrong result with CHECK* (printing "file:line: expected
 * ... got ..." to stderr) and ends with `return check_done();`, which exits 1
 * when any check failed.  REQUIRE* stop the program at once: use them for
 * set-up steps whose failure makes the remaining checks meaningless.
 *
 * Children forked by a test report through their exit status: run_child()
 * forks, calls a function, and exits with check_done() of the child.
 */
#ifndef RUNNER_CHECK_H
#define RUNNER_CHECK_H

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/types.h>
#include <sys/wait.h>

#if defined(__x86_64__) && defined(__ILP32__)
#define IS_X32 1
#else
#define IS_X32 0
#endif

static int check_failures;

static inline void check_report(const char *file, int line, const char *what)
{
    fprintf(stderr, "%s:%d: %s\n", file, line, what);
    check_failures++;
}

static inline int check_true(int ok, const char *file, int line, const char *expr)
{
    if (!ok) {
        char msg[512];
        snprintf(msg, sizeof msg, "expected %s, got false", expr);
        check_report(file, line, msg);
    }
    return ok;
}

static inline int check_eq(long long got, long long want, const char *file, int line,
                    const char *gexpr, const char *wexpr)
{
    if (got != want) {
        char msg[512];
        snprintf(msg, sizeof msg, "expected %s == %s (%lld, %#llx), got %lld (%#llx)",
                 gexpr, wexpr, want, (unsigned long long)want, got,
                 (unsigned long long)got);
        check_report(file, line, msg);
        return 0;
    }
    return 1;
}

static inline int check_sys(long long ret, int err, const char *file, int line, const char *expr)
{
    if (ret == -1) {
        char msg[512];
        snprintf(msg, sizeof msg, "expected %s to succeed, got -1 errno %d (%s)",
                 expr, err, strerror(err));
        check_report(file, line, msg);
        return 0;
    }
    return 1;
}

static inline int check_errno(long long ret, int err, int want, const char *file, int line,
                       const char *expr, const char *wexpr)
{
    if (ret != -1 || err != want) {
        char msg[512];
        snprintf(msg, sizeof msg, "expected %s to fail with %s, got %lld errno %d (%s)",
                 expr, wexpr, ret, err, strerror(err));
        check_report(file, line, msg);
        return 0;
    }
    return 1;
}

static inline int check_done(void)
{
    if (check_failures) {
        fprintf(stderr, "%d check(s) failed\n", check_failures);
        return 1;
    }
    return 0;
}

#define CHECK(e) check_true(!!(e), __FILE__, __LINE__, #e)
#define CHECK_EQ(got, want) \
    check_eq((long long)(got), (long long)(want), __FILE__, __LINE__, #got, #want)
#define CHECK_STR(got, want) do { \
        const char *g_ = (got), *w_ = (want); \
        if (!g_ || strcmp(g_, w_) != 0) { \
            char m_[512]; \
            snprintf(m_, sizeof m_, "expected %s == \"%.200s\", got \"%.200s\"", #got, w_, \
                     g_ ? g_ : "(null)"); \
            check_report(__FILE__, __LINE__, m_); \
        } \
    } while (0)
/* CHECK_SYS(call): the call must not return -1.  Evaluates to its success. */
#define CHECK_SYS(e) ({ long long r_ = (long long)(e); int e_ = errno; \
        check_sys(r_, e_, __FILE__, __LINE__, #e); })
/* CHECK_ERR(call, E): the call must return -1 with errno E. */
#define CHECK_ERR(e, want) ({ long long r_ = (long long)(e); int e_ = errno; \
        check_errno(r_, e_, (want), __FILE__, __LINE__, #e, #want); })
#define REQUIRE(e) do { if (!CHECK(e)) exit(check_done()); } while (0)
#define REQUIRE_SYS(e) do { if (!CHECK_SYS(e)) exit(check_done()); } while (0)

static inline long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static inline void sleep_ms(long ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    while (nanosleep(&ts, &ts) == -1 && errno == EINTR) {
    }
}

/* wait_status: the waitpid status of pid, retrying on EINTR. */
static inline int wait_status(pid_t pid)
{
    int st = 0;
    pid_t r;
    do {
        r = waitpid(pid, &st, 0);
    } while (r == -1 && errno == EINTR);
    if (r != pid) {
        char m[128];
        snprintf(m, sizeof m, "waitpid(%d) returned %d errno %d", (int)pid, (int)r, errno);
        check_report(__FILE__, __LINE__, m);
        return -1;
    }
    return st;
}

/* CHECK_EXITED(status, code): status is a normal exit with that code. */
#define CHECK_EXITED(st, code) do { \
        int s_ = (st); \
        if (!CHECK(WIFEXITED(s_))) \
            fprintf(stderr, "  status %#x: %s %d\n", s_, \
                    WIFSIGNALED(s_) ? "killed by signal" : "not exited", \
                    WIFSIGNALED(s_) ? WTERMSIG(s_) : 0); \
        else \
            CHECK_EQ(WEXITSTATUS(s_), (code)); \
    } while (0)

/* run_child: fork, run fn in the child, exit with its check result; return the status. */
static inline int run_child(void (*fn)(void))
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        fn();
        fflush(NULL);
        _exit(check_done());
    }
    if (pid < 0) {
        check_report(__FILE__, __LINE__, "fork failed");
        return -1;
    }
    return wait_status(pid);
}

/* run_child_stderr: run_child with the child's stderr caught in out (size
 * bytes, NUL-terminated), for reports a child prints as it dies (x32-run's
 * one-line messages, sanitizers); the status, or -1 when pipe or fork failed. */
static inline int run_child_stderr(void (*fn)(void), char *out, size_t size)
{
    int fds[2];
    out[0] = 0;
    if (!CHECK_SYS(pipe(fds)))
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 2);
        close(fds[0]);
        fn();
        fflush(NULL);
        _exit(check_done());
    }
    close(fds[1]);
    size_t got = 0;
    ssize_t n;
    while (pid > 0 && got + 1 < size && (n = read(fds[0], out + got, size - 1 - got)) > 0)
        got += (size_t)n;
    out[got] = 0;
    close(fds[0]);
    if (pid < 0) {
        check_report(__FILE__, __LINE__, "fork failed");
        return -1;
    }
    return wait_status(pid);
}

/* helper_path: a program or library that run.sh built into $X32_TEST_HELPERS. */
static inline const char *helper_path(const char *name)
{
    static char buf[4][1024];
    static int next;
    const char *dir = getenv("X32_TEST_HELPERS");
    char *b = buf[next++ % 4];
    if (!dir) {
        fprintf(stderr, "X32_TEST_HELPERS is not set (run the test through run.sh)\n");
        exit(1);
    }
    snprintf(b, sizeof buf[0], "%s/%s", dir, name);
    if (access(b, F_OK) != 0) {
        fprintf(stderr, "helper %s is missing\n", b);
        exit(1);
    }
    return b;
}

#endif
