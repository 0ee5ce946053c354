/* signal_thread_directed: pthread_kill runs the handler in the target
 * thread, for several threads at once; pthread_sigqueue carries a value. */
// build: -pthread
#include "check.h"
#include <pthread.h>

#define NT 8
static __thread volatile int my_hits;
static __thread int my_value;
static __thread int my_index = -1;
static volatile int hits_seen[NT];       /* what main watches */
static volatile int ready;
static volatile int stop;
static volatile int counts[NT], values[NT];

static void handler(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    my_hits++;
    my_value = si->si_value.sival_int;
    if (my_index >= 0)
        __atomic_add_fetch(&hits_seen[my_index], 1, __ATOMIC_SEQ_CST);
}

/* wait_hits: until thread i has taken n signals (standard signals sent
 * before the last one was taken would coalesce). */
static void wait_hits(int i, int n)
{
    int k = 0;
    while (k++ < 1000 && __atomic_load_n(&hits_seen[i], __ATOMIC_SEQ_CST) < n)
        sleep_ms(1);
    if (!CHECK(hits_seen[i] >= n))
        fprintf(stderr, "  thread %d: %d signal(s) handled after 1 s, expected %d\n", i,
                hits_seen[i], n);
}

static void *worker(void *arg)
{
    int idx = (int)(intptr_t)arg;
    my_index = idx;
    __atomic_add_fetch(&ready, 1, __ATOMIC_SEQ_CST);
    while (!stop)
        sleep_ms(1);
    counts[idx] = my_hits;
    values[idx] = my_value;
    return NULL;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));
    pthread_t t[NT];
    for (int i = 0; i < NT; i++)
        REQUIRE(pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i) == 0);
    while (__atomic_load_n(&ready, __ATOMIC_SEQ_CST) < NT)
        sleep_ms(1);
    for (int i = 0; i < NT; i++) {
        for (int k = 0; k <= i; k++) {
            CHECK_EQ(pthread_kill(t[i], SIGUSR1), 0);
            wait_hits(i, k + 1);
        }
        union sigval v = { .sival_int = 1000 + i };
        CHECK_EQ(pthread_sigqueue(t[i], SIGUSR1, v), 0);
        wait_hits(i, i + 2);
    }
    stop = 1;
    for (int i = 0; i < NT; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < NT; i++) {
        CHECK_EQ(counts[i], i + 2);
        CHECK_EQ(values[i], 1000 + i);
    }
    CHECK_EQ(my_hits, 0);               /* never in main */
    CHECK_EQ(pthread_kill(pthread_self(), 0), 0);
    return check_done();
}
