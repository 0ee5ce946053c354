/* thread_attr_stack: threads honour pthread_attr_setstacksize and
 * pthread_attr_setstack with a caller-provided mmap stack (including one
 * above 2 GiB), and pthread_getattr_np reports it. */
// build: -pthread
#include "check.h"
#include <pthread.h>
#include <sys/mman.h>

static void *where(void *arg)
{
    char local;
    pthread_attr_t a;
    void *addr = NULL;
    size_t size = 0;
    (void)arg;
    pthread_getattr_np(pthread_self(), &a);
    pthread_attr_getstack(&a, &addr, &size);
    pthread_attr_destroy(&a);
    int inside = &local >= (char *)addr && &local < (char *)addr + size;
    return (void *)(intptr_t)(inside ? (intptr_t)size : -1);
}

int main(void)
{
    pthread_attr_t a;
    pthread_t t;
    void *r;
    pthread_attr_init(&a);
    CHECK_EQ(pthread_attr_setstacksize(&a, 256 * 1024), 0);
    REQUIRE(pthread_create(&t, &a, where, NULL) == 0);
    pthread_join(t, &r);
    CHECK((intptr_t)r >= 256 * 1024);
    pthread_attr_destroy(&a);

    size_t sz = 1 << 20;
    char *stk = mmap(NULL, sz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK,
                     -1, 0);
    REQUIRE(stk != MAP_FAILED);
    pthread_attr_init(&a);
    CHECK_EQ(pthread_attr_setstack(&a, stk, sz), 0);
    REQUIRE(pthread_create(&t, &a, where, NULL) == 0);
    pthread_join(t, &r);
    CHECK_EQ((intptr_t)r, (intptr_t)sz);
    pthread_attr_destroy(&a);

    /* A stack at a fixed address at or above 2 GiB (x32: the sign bit). */
    char *high = mmap((void *)0xa0000000UL, sz, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (high != MAP_FAILED) {
        CHECK(high == (char *)0xa0000000UL);
        pthread_attr_init(&a);
        pthread_attr_setstack(&a, high, sz);
        REQUIRE(pthread_create(&t, &a, where, NULL) == 0);
        pthread_join(t, &r);
        CHECK_EQ((intptr_t)r, (intptr_t)sz);
    } else {
        CHECK_EQ(errno, EEXIST);        /* taken is fine; anything else is not */
    }
    return check_done();
}
