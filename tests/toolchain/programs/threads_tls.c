/* pthreads, __thread TLS and 64-bit atomics on x32. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#define THREADS 8
#define ROUNDS 100000

static __thread uintptr_t my_id;
static _Atomic uint64_t total;   /* 64-bit atomic on an ILP32 ABI: lock cmpxchg/xadd q */

static void *work(void *arg)
{
    my_id = (uintptr_t)arg;
    for (int i = 0; i < ROUNDS; i++) atomic_fetch_add(&total, (uint64_t)1 << 33);
    return (void *)(my_id == (uintptr_t)arg ? 0 : 1);   /* TLS not clobbered */
}

int main(void)
{
    pthread_t t[THREADS];
    for (uintptr_t i = 0; i < THREADS; i++)
        if (pthread_create(&t[i], NULL, work, (void *)i) != 0) return 1;
    for (int i = 0; i < THREADS; i++) {
        void *r;
        if (pthread_join(t[i], &r) != 0 || r != NULL) return 2;
    }
    uint64_t want = (uint64_t)THREADS * ROUNDS << 33;
    printf("total=%llu want=%llu\n", (unsigned long long)total, (unsigned long long)want);
    return total == want ? 0 : 3;
}
