/* thread_detached_churn: several threads create short-lived detached threads at
 * once, so new threads reuse the runner blocks of threads that just exited while
 * other creators look for free blocks.  x32-run once let two creators take the
 * same block (glibc's nptl/tst-create-detached found it): two threads on one
 * altstack, then a crash or glibc's advise_stack_range assertion. */
// build: -pthread
#include "check.h"
#include <pthread.h>

enum { CREATORS = 4, THREADS = 20000 };

static pthread_attr_t detached;
static pthread_barrier_t start;
static unsigned created;

static void *nothing(void *arg) { return arg; }

static void *creator(void *arg)
{
    pthread_barrier_wait(&start);
    while (__atomic_load_n(&created, __ATOMIC_RELAXED) < THREADS) {
        pthread_t t;
        /* Creation may fail while exited threads are not yet gone: not an error. */
        if (pthread_create(&t, &detached, nothing, NULL) == 0)
            __atomic_add_fetch(&created, 1, __ATOMIC_RELAXED);
    }
    return arg;
}

int main(void)
{
    pthread_t c[CREATORS];
    REQUIRE(pthread_attr_init(&detached) == 0);
    REQUIRE(pthread_attr_setdetachstate(&detached, PTHREAD_CREATE_DETACHED) == 0);
    /* Small stacks: glibc unmaps them at once when its stack cache is full. */
    REQUIRE(pthread_attr_setstacksize(&detached, 1 << 20) == 0);
    REQUIRE(pthread_barrier_init(&start, NULL, CREATORS) == 0);
    for (int i = 0; i < CREATORS; i++)
        REQUIRE(pthread_create(&c[i], NULL, creator, NULL) == 0);
    for (int i = 0; i < CREATORS; i++)
        CHECK(pthread_join(c[i], NULL) == 0);
    CHECK(created >= THREADS);
    return check_done();
}
