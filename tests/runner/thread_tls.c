/* thread_tls: __thread variables (initialised, zeroed, arrays, 64-bit) are
 * per thread, start from their initial values in every thread, and their
 * addresses differ between threads; errno is per thread too. */
// build: -pthread
#include "check.h"
#include <pthread.h>

static __thread int tls_init = 42;
static __thread long long tls_wide = 0x1122334455667788LL;
static __thread char tls_zero[256];
static __thread void *tls_self;

#define NT 16
static void *addrs[NT];
static int bad[NT];

static void *work(void *arg)
{
    int i = (int)(intptr_t)arg;
    if (tls_init != 42 || tls_wide != 0x1122334455667788LL || tls_self != NULL)
        bad[i] |= 1;
    for (int k = 0; k < 256; k++)
        if (tls_zero[k])
            bad[i] |= 2;
    tls_init = i;
    tls_wide = i * 0x100000001LL;
    tls_self = &tls_init;
    memset(tls_zero, i, sizeof tls_zero);
    errno = 1000 + i;
    addrs[i] = &tls_init;
    for (int r = 0; r < 1000; r++)
        sched_yield();
    if (tls_init != i || tls_wide != i * 0x100000001LL || tls_self != &tls_init)
        bad[i] |= 4;
    if (tls_zero[255] != (char)i)
        bad[i] |= 8;
    if (errno != 1000 + i)
        bad[i] |= 16;
    return NULL;
}

int main(void)
{
    tls_init = -1;
    pthread_t t[NT];
    for (int i = 0; i < NT; i++)
        REQUIRE(pthread_create(&t[i], NULL, work, (void *)(intptr_t)i) == 0);
    for (int i = 0; i < NT; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < NT; i++) {
        CHECK_EQ(bad[i], 0);
        CHECK(addrs[i] != &tls_init);
        for (int j = 0; j < i; j++)
            CHECK(addrs[i] != addrs[j]);
    }
    CHECK_EQ(tls_init, -1);
    CHECK_EQ(tls_wide, 0x1122334455667788LL);
    /* The thread pointer (%fs base) points at itself, as the TCB requires. */
    void *tp;
#if IS_X32
    __asm__("movl %%fs:0, %0" : "=r"(tp));
#else
    __asm__("movq %%fs:0, %0" : "=r"(tp));
#endif
    CHECK(tp != NULL);
    CHECK((char *)&tls_init < (char *)tp + 4096 && (char *)&tls_init > (char *)tp - (1 << 20));
    return check_done();
}
