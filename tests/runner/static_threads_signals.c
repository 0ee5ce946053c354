/* static_threads_signals: a statically linked program with threads, TLS,
 * a signal handler with siginfo, and fork + wait (static glibc sets up TLS
 * through brk and the auxv itself). */
// build: -static -pthread
#include "check.h"
#include <pthread.h>

static __thread int tls = 5;
static volatile sig_atomic_t got_sig;
static volatile int got_value;
static void handler(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    got_sig = sig;
    got_value = si->si_value.sival_int;
}

static void *work(void *arg)
{
    tls += (int)(intptr_t)arg;
    return (void *)(intptr_t)tls;
}

int main(void)
{
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        REQUIRE(pthread_create(&t[i], NULL, work, (void *)(intptr_t)(i + 1)) == 0);
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(t[i], &r);
        CHECK_EQ((intptr_t)r, 5 + i + 1);
    }
    CHECK_EQ(tls, 5);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));
    union sigval v = { .sival_int = 808 };
    CHECK_SYS(sigqueue(getpid(), SIGUSR1, v));
    CHECK_EQ(got_sig, SIGUSR1);
    CHECK_EQ(got_value, 808);

    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0)
        _exit(tls == 5 ? 44 : 1);
    CHECK_EXITED(wait_status(pid), 44);
    return check_done();
}
