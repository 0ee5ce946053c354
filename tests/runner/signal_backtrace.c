/* signal_backtrace: backtrace() called in a signal handler unwinds through
 * the signal frame back to the function that raised it and to main. */
// build: -rdynamic -fno-omit-frame-pointer -O0
#include "check.h"
#include <execinfo.h>
#include <ucontext.h>

static char *syms_joined;
static int depth;

static void handler(int sig)
{
    void *frames[64];
    (void)sig;
    depth = backtrace(frames, 64);
    char **syms = backtrace_symbols(frames, depth);
    size_t len = 1;
    for (int i = 0; syms && i < depth; i++)
        len += strlen(syms[i]) + 1;
    syms_joined = calloc(1, len);
    for (int i = 0; syms && i < depth; i++) {
        strcat(syms_joined, syms[i]);
        strcat(syms_joined, "\n");
    }
    free(syms);
}

__attribute__((noinline)) void raise_from_here(int sig)
{
    raise(sig);
    __asm__ volatile("");
}

__attribute__((noinline)) void fault_from_here(void)
{
    __asm__ volatile("ud2");
}

static void check_trace(const char *what)
{
    CHECK(depth >= 3);
    if (!CHECK(syms_joined && strstr(syms_joined, "(main+")) ||
        !CHECK(strstr(syms_joined, what)))
        fprintf(stderr, "  backtrace:\n%s", syms_joined ? syms_joined : "(none)\n");
    free(syms_joined);
    syms_joined = NULL;
}

static void on_ill(int sig, siginfo_t *si, void *ucv)
{
    (void)si;
    handler(sig);
    ((ucontext_t *)ucv)->uc_mcontext.gregs[REG_RIP] += 2;
}

int main(void)
{
    signal(SIGUSR1, handler);
    raise_from_here(SIGUSR1);
    check_trace("raise_from_here");

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_ill;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGILL, &sa, NULL);
    fault_from_here();
    check_trace("fault_from_here");
    return check_done();
}
