/* proc_abort: abort() kills the process with SIGABRT, even when SIGABRT is
 * blocked or has a handler that returns. */
#include "check.h"
#include <sys/resource.h>

static void returning_handler(int sig) { (void)sig; }

static void plain_abort(void) { abort(); }

static void blocked_abort(void)
{
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGABRT);
    sigprocmask(SIG_BLOCK, &s, NULL);
    abort();
}

static void handled_abort(void)
{
    signal(SIGABRT, returning_handler);
    abort();
}

static void check_abrt(int st)
{
    if (!CHECK(WIFSIGNALED(st)))
        fprintf(stderr, "  status %#x\n", st);
    else
        CHECK_EQ(WTERMSIG(st), SIGABRT);
}

int main(void)
{
    struct rlimit no_core = { 0, 0 };
    setrlimit(RLIMIT_CORE, &no_core);
    check_abrt(run_child(plain_abort));
    check_abrt(run_child(blocked_abort));
    check_abrt(run_child(handled_abort));
    return check_done();
}
