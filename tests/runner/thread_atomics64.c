/* thread_atomics64: 64-bit atomic add, exchange and compare-exchange from
 * several threads are exact across the 32-bit boundary, and C11 atomics of
 * 64-bit types are lock-free. */
// build: -pthread
#include "check.h"
#include <pthread.h>
#include <stdatomic.h>

#define NT 4
#define ITER 200000
static _Atomic unsigned long long counter = 0xfffffff0ULL;   /* just below 2^32 */
static unsigned long long cas_counter = 0xffffffffULL - 1000;

static void *work(void *arg)
{
    (void)arg;
    for (int i = 0; i < ITER; i++) {
        atomic_fetch_add(&counter, 0x100000001ULL);
        unsigned long long old = __atomic_load_n(&cas_counter, __ATOMIC_RELAXED);
        while (!__atomic_compare_exchange_n(&cas_counter, &old, old + 1, 1, __ATOMIC_SEQ_CST,
                                            __ATOMIC_RELAXED)) {
        }
    }
    return NULL;
}

int main(void)
{
    CHECK(atomic_is_lock_free(&counter));
    CHECK(__atomic_always_lock_free(sizeof(long long), 0));
    pthread_t t[NT];
    for (int i = 0; i < NT; i++)
        REQUIRE(pthread_create(&t[i], NULL, work, NULL) == 0);
    for (int i = 0; i < NT; i++)
        pthread_join(t[i], NULL);
    CHECK_EQ(atomic_load(&counter), 0xfffffff0ULL + (unsigned long long)NT * ITER * 0x100000001ULL);
    CHECK_EQ(cas_counter, 0xffffffffULL - 1000 + (unsigned long long)NT * ITER);
    unsigned long long x = 0x8000000000000000ULL;
    CHECK_EQ(__atomic_exchange_n(&x, 0x123456789ULL, __ATOMIC_SEQ_CST), 0x8000000000000000ULL);
    CHECK_EQ(x, 0x123456789ULL);
    CHECK_EQ(__atomic_fetch_sub(&x, 0x12345678aULL, __ATOMIC_SEQ_CST), 0x123456789ULL);
    CHECK_EQ(x, 0xffffffffffffffffULL);
    return check_done();
}
