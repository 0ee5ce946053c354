/* signal_restart_threads: several threads blocked in read() on their own
 * pipes, interrupted repeatedly by process-directed signals with SA_RESTART,
 * each get exactly their own data once it arrives. */
// build: -pthread
#include "check.h"
#include <pthread.h>

#define NT 4
static int pipes[NT][2];
static volatile sig_atomic_t handled;
static char got[NT][16];
static ssize_t lens[NT];
static void on_usr1(int sig) { (void)sig; handled++; }

static void *reader(void *arg)
{
    int i = (int)(intptr_t)arg;
    lens[i] = read(pipes[i][0], got[i], sizeof got[i]);
    return NULL;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    sa.sa_flags = SA_RESTART;
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    pthread_t t[NT];
    for (int i = 0; i < NT; i++) {
        REQUIRE_SYS(pipe(pipes[i]));
        REQUIRE(pthread_create(&t[i], NULL, reader, (void *)(intptr_t)i) == 0);
    }
    /* Only the readers take SIGUSR1. */
    pthread_sigmask(SIG_BLOCK, &s, NULL);
    sleep_ms(50);
    for (int k = 0; k < 40; k++) {
        kill(getpid(), SIGUSR1);
        pthread_kill(t[k % NT], SIGUSR1);
        sleep_ms(3);
    }
    for (int i = 0; i < NT; i++) {
        char msg[16];
        int n = snprintf(msg, sizeof msg, "thread-%d", i);
        CHECK_EQ(write(pipes[i][1], msg, n), n);
    }
    for (int i = 0; i < NT; i++)
        pthread_join(t[i], NULL);
    CHECK(handled >= 10);                /* pending ones may coalesce */
    for (int i = 0; i < NT; i++) {
        char want[16];
        int n = snprintf(want, sizeof want, "thread-%d", i);
        CHECK_EQ(lens[i], n);
        if (lens[i] == n)
            CHECK(memcmp(got[i], want, n) == 0);
    }
    return check_done();
}
