/* thread_cancel: pthread_cancel stops a thread blocked in read() (a
 * cancellation point), in pthread_testcancel, and in an asynchronous
 * cancellation busy loop; cleanup handlers run; join sees
 * PTHREAD_CANCELED; disabled cancellation is deferred. */
// build: -pthread
#include "check.h"
#include <pthread.h>

static int fds[2];
static volatile int cleanups, started, disabled_done;

static void cleanup(void *arg) { (void)arg; __atomic_add_fetch(&cleanups, 1, __ATOMIC_SEQ_CST); }

static void *blocked_reader(void *arg)
{
    (void)arg;
    char c;
    pthread_cleanup_push(cleanup, NULL);
    started = 1;
    (void)!read(fds[0], &c, 1);
    pthread_cleanup_pop(0);
    return (void *)1;
}

static void *polling(void *arg)
{
    (void)arg;
    pthread_cleanup_push(cleanup, NULL);
    started = 1;
    for (;;)
        pthread_testcancel();
    pthread_cleanup_pop(0);
    return NULL;
}

static void *async_spin(void *arg)
{
    (void)arg;
    pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, NULL);
    started = 1;
    volatile unsigned long x = 0;
    for (;;)
        x++;
    return NULL;
}

static void *disabled(void *arg)
{
    (void)arg;
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
    started = 1;
    sleep_ms(100);                      /* nanosleep is a cancellation point */
    disabled_done = 1;
    pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
    pthread_testcancel();
    return NULL;
}

static void cancel_and_join(void *(*fn)(void *), const char *what)
{
    pthread_t t;
    void *ret = NULL;
    started = 0;
    if (!CHECK_EQ(pthread_create(&t, NULL, fn, NULL), 0))
        return;
    while (!started)
        sleep_ms(1);
    sleep_ms(20);
    CHECK_EQ(pthread_cancel(t), 0);
    CHECK_EQ(pthread_join(t, &ret), 0);
    if (!CHECK(ret == PTHREAD_CANCELED))
        fprintf(stderr, "  %s: thread returned %p\n", what, ret);
}

int main(void)
{
    REQUIRE_SYS(pipe(fds));
    cancel_and_join(blocked_reader, "read");
    CHECK_EQ(cleanups, 1);
    cancel_and_join(polling, "testcancel");
    CHECK_EQ(cleanups, 2);
    cancel_and_join(async_spin, "async");
    cancel_and_join(disabled, "disabled");
    CHECK_EQ(disabled_done, 1);
    return check_done();
}
