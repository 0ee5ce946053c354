/* signal_pthread_sigmask: masks are per thread: a new thread inherits its
 * creator's mask, a process-directed signal goes to the thread that does
 * not block it, and pthread_kill to a thread that blocks it stays pending
 * for that thread only. */
// build: -pthread
#include "check.h"
#include <pthread.h>

static volatile pid_t handler_tid;
static volatile sig_atomic_t hits;
static void handler(int sig) { (void)sig; handler_tid = gettid(); hits++; }

static pthread_barrier_t bar;
static volatile pid_t worker_tid;
static sigset_t inherited;
static volatile int pending_in_worker;

static void *worker(void *arg)
{
    (void)arg;
    worker_tid = gettid();
    pthread_sigmask(SIG_BLOCK, NULL, &inherited);
    /* Unblock SIGUSR1 here only. */
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    pthread_sigmask(SIG_UNBLOCK, &s, NULL);
    pthread_barrier_wait(&bar);         /* 1: ready */
    while (hits == 0)
        sleep_ms(1);
    pthread_barrier_wait(&bar);         /* 2: got it */
    pthread_barrier_wait(&bar);         /* 3: main sent SIGUSR2 to us */
    sigset_t p;
    sigpending(&p);
    pending_in_worker = sigismember(&p, SIGUSR2);
    pthread_barrier_wait(&bar);         /* 4 */
    return NULL;
}

int main(void)
{
    signal(SIGUSR1, handler);
    signal(SIGUSR2, handler);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    sigaddset(&s, SIGUSR2);
    CHECK_EQ(pthread_sigmask(SIG_BLOCK, &s, NULL), 0);
    pthread_barrier_init(&bar, NULL, 2);
    pthread_t t;
    REQUIRE(pthread_create(&t, NULL, worker, NULL) == 0);
    pthread_barrier_wait(&bar);         /* 1 */
    CHECK(sigismember(&inherited, SIGUSR1));
    CHECK(sigismember(&inherited, SIGUSR2));
    kill(getpid(), SIGUSR1);            /* only the worker can take it */
    pthread_barrier_wait(&bar);         /* 2 */
    CHECK_EQ(hits, 1);
    CHECK_EQ(handler_tid, worker_tid);

    CHECK_EQ(pthread_kill(t, SIGUSR2), 0);  /* blocked in the worker */
    pthread_barrier_wait(&bar);         /* 3 */
    pthread_barrier_wait(&bar);         /* 4 */
    CHECK(pending_in_worker);
    sigset_t mine;
    sigpending(&mine);                  /* thread-directed: not pending here */
    CHECK(!sigismember(&mine, SIGUSR2));
    pthread_join(t, NULL);
    CHECK_EQ(hits, 1);
    /* pthread_sigmask reports errors as return values. */
    CHECK_EQ(pthread_sigmask(99999, &s, NULL), EINVAL);
    return check_done();
}
