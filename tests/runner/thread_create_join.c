/* thread_create_join: threads start with their argument, return values come
 * back through pthread_join, thread ids are distinct, and 200 threads can
 * run at once. */
// build: -pthread
#include "check.h"
#include <pthread.h>

#define MANY 200
static pthread_barrier_t all_up;
static pid_t tids[MANY];

static void *work(void *arg)
{
    int i = (int)(intptr_t)arg;
    tids[i] = gettid();
    pthread_barrier_wait(&all_up);      /* every thread alive at once */
    return (void *)(intptr_t)(i * 3 + 1);
}

static void *big_stack_user(void *arg)
{
    volatile char buf[512 * 1024];
    memset((char *)buf, 1, sizeof buf);
    return arg;
}

int main(void)
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 64 * 1024);
    pthread_barrier_init(&all_up, NULL, MANY);
    pthread_t t[MANY];
    int created = 0;
    for (int i = 0; i < MANY; i++) {
        int e = pthread_create(&t[i], &attr, work, (void *)(intptr_t)i);
        if (!CHECK_EQ(e, 0))
            break;
        created++;
    }
    REQUIRE(created == MANY);
    for (int i = 0; i < MANY; i++) {
        void *ret = NULL;
        CHECK_EQ(pthread_join(t[i], &ret), 0);
        CHECK_EQ((intptr_t)ret, i * 3 + 1);
    }
    for (int i = 0; i < MANY; i++) {
        CHECK(tids[i] > 0 && tids[i] != getpid());
        for (int j = 0; j < i; j++)
            if (tids[i] == tids[j])
                CHECK_EQ(i, j);
    }
    /* Default-size stacks are big enough for 512 KiB of locals. */
    pthread_t b;
    void *ret = NULL;
    REQUIRE(pthread_create(&b, NULL, big_stack_user, (void *)0x1234) == 0);
    CHECK_EQ(pthread_join(b, &ret), 0);
    CHECK(ret == (void *)0x1234);
    /* Many short-lived threads in sequence (stacks get reused/freed). */
    pthread_attr_setstacksize(&attr, 1 << 20);
    for (int i = 0; i < 2000; i++) {
        pthread_t s;
        if (pthread_create(&s, &attr, big_stack_user, NULL) != 0) {
            CHECK_EQ(i, -1);
            break;
        }
        pthread_join(s, NULL);
    }
    return check_done();
}
