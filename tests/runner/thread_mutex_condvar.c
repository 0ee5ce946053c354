/* thread_mutex_condvar: normal mutexes exclude under contention (futex
 * wait/wake), trylock reports EBUSY, error-checking mutexes report EDEADLK,
 * condition variables hand work between threads, and a timed wait on a
 * CLOCK_MONOTONIC condvar times out with ETIMEDOUT. */
// build: -pthread
#include "check.h"
#include <pthread.h>

#define NT 8
#define ITER 20000
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long long counter;

static void *adder(void *arg)
{
    (void)arg;
    for (int i = 0; i < ITER; i++) {
        pthread_mutex_lock(&m);
        long long v = counter;
        if (i % 64 == 0)
            sched_yield();
        counter = v + 1;
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

static pthread_mutex_t qm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qc = PTHREAD_COND_INITIALIZER;
static int queue[16], qhead, qtail, consumed_sum;

static void *consumer(void *arg)
{
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&qm);
        while (qhead == qtail)
            pthread_cond_wait(&qc, &qm);
        int v = queue[qhead++ % 16];
        pthread_cond_broadcast(&qc);
        pthread_mutex_unlock(&qm);
        if (v < 0)
            return NULL;
        consumed_sum += v;
    }
}

int main(void)
{
    pthread_t t[NT];
    for (int i = 0; i < NT; i++)
        REQUIRE(pthread_create(&t[i], NULL, adder, NULL) == 0);
    for (int i = 0; i < NT; i++)
        pthread_join(t[i], NULL);
    CHECK_EQ(counter, (long long)NT * ITER);

    pthread_mutex_lock(&m);
    CHECK_EQ(pthread_mutex_trylock(&m), EBUSY);
    pthread_mutex_unlock(&m);

    pthread_mutexattr_t ea;
    pthread_mutexattr_init(&ea);
    pthread_mutexattr_settype(&ea, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_t em;
    pthread_mutex_init(&em, &ea);
    CHECK_EQ(pthread_mutex_lock(&em), 0);
    CHECK_EQ(pthread_mutex_lock(&em), EDEADLK);
    CHECK_EQ(pthread_mutex_unlock(&em), 0);
    CHECK_EQ(pthread_mutex_unlock(&em), EPERM);

    /* Producer/consumer through a 16-slot queue. */
    pthread_t c;
    REQUIRE(pthread_create(&c, NULL, consumer, NULL) == 0);
    int want = 0;
    for (int i = 1; i <= 1000; i++) {
        pthread_mutex_lock(&qm);
        while (qtail - qhead >= 16)
            pthread_cond_wait(&qc, &qm);
        queue[qtail++ % 16] = i;
        want += i;
        pthread_cond_broadcast(&qc);
        pthread_mutex_unlock(&qm);
    }
    pthread_mutex_lock(&qm);
    while (qtail - qhead >= 16)
        pthread_cond_wait(&qc, &qm);
    queue[qtail++ % 16] = -1;
    pthread_cond_broadcast(&qc);
    pthread_mutex_unlock(&qm);
    pthread_join(c, NULL);
    CHECK_EQ(consumed_sum, want);

    /* Timed wait on a monotonic condvar. */
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    CHECK_EQ(pthread_condattr_setclock(&ca, CLOCK_MONOTONIC), 0);
    pthread_cond_t tc;
    pthread_cond_init(&tc, &ca);
    struct timespec dl;
    clock_gettime(CLOCK_MONOTONIC, &dl);
    dl.tv_nsec += 100000000;
    if (dl.tv_nsec >= 1000000000) {
        dl.tv_sec++;
        dl.tv_nsec -= 1000000000;
    }
    long long t0 = now_ns();
    pthread_mutex_lock(&m);
    CHECK_EQ(pthread_cond_timedwait(&tc, &m, &dl), ETIMEDOUT);
    pthread_mutex_unlock(&m);
    long long dt = now_ns() - t0;
    CHECK(dt >= 90000000LL && dt < 2000000000LL);
    return check_done();
}
