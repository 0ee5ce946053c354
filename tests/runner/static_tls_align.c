/* static_tls_align: in a static program, TLS blocks with large alignment
 * and size are laid out correctly in the main thread and in new threads. */
// build: -static -pthread
#include "check.h"
#include <pthread.h>

static __thread char small = 'a';
static __thread double aligned64[8] __attribute__((aligned(64))) = { 1.5 };
static __thread char big[64 * 1024];
static __thread long long wide __attribute__((aligned(128))) = 0x1234567890LL;

static int check_layout(void)
{
    int bad = 0;
    bad |= ((uintptr_t)aligned64 % 64) != 0;
    bad |= (((uintptr_t)&wide % 128) != 0) << 1;
    bad |= (small != 'a') << 2;
    bad |= (aligned64[0] != 1.5) << 3;
    bad |= (wide != 0x1234567890LL) << 4;
    for (size_t i = 0; i < sizeof big; i += 512)
        if (big[i])
            bad |= 1 << 5;
    big[sizeof big - 1] = 1;
    return bad;
}

static void *thread_check(void *arg) { (void)arg; return (void *)(intptr_t)check_layout(); }

int main(void)
{
    CHECK_EQ(check_layout(), 0);
    pthread_t t;
    void *r;
    REQUIRE(pthread_create(&t, NULL, thread_check, NULL) == 0);
    pthread_join(t, &r);
    CHECK_EQ((intptr_t)r, 0);
    return check_done();
}
