/* thread_futex_raw: the futex system call directly: WAIT with a relative
 * timeout (ETIMEDOUT), EAGAIN on a changed word, WAKE counts, an absolute
 * FUTEX_WAIT_BITSET deadline, CMP_REQUEUE; and a priority-inheritance mutex
 * (FUTEX_LOCK_PI) under contention. */
// build: -pthread
#include "check.h"
#include <linux/futex.h>
#include <pthread.h>
#include <sys/syscall.h>

static long futex(int *uaddr, int op, int val, const struct timespec *ts, int *uaddr2, int val3)
{
    return syscall(SYS_futex, uaddr, op, val, ts, uaddr2, val3);
}

static int word, word2;
static volatile int woken;

static void *waiter(void *arg)
{
    (void)arg;
    long r = futex(&word, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
    if (r == 0)
        __atomic_add_fetch(&woken, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

static pthread_mutex_t pi;
static long long pi_counter;
static void *pi_user(void *arg)
{
    (void)arg;
    for (int i = 0; i < 20000; i++) {
        pthread_mutex_lock(&pi);
        pi_counter++;
        pthread_mutex_unlock(&pi);
    }
    return NULL;
}

int main(void)
{
    struct timespec rel = { 0, 100000000 };
    long long t0 = now_ns();
    CHECK_ERR(futex(&word, FUTEX_WAIT_PRIVATE, 0, &rel, NULL, 0), ETIMEDOUT);
    CHECK(now_ns() - t0 >= 90000000LL);
    CHECK_ERR(futex(&word, FUTEX_WAIT_PRIVATE, 1, &rel, NULL, 0), EAGAIN);

    struct timespec abs;
    clock_gettime(CLOCK_MONOTONIC, &abs);
    abs.tv_nsec += 100000000;
    if (abs.tv_nsec >= 1000000000) {
        abs.tv_sec++;
        abs.tv_nsec -= 1000000000;
    }
    t0 = now_ns();
    CHECK_ERR(futex(&word, FUTEX_WAIT_BITSET_PRIVATE, 0, &abs, NULL, FUTEX_BITSET_MATCH_ANY),
              ETIMEDOUT);
    CHECK(now_ns() - t0 >= 80000000LL);

    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        REQUIRE(pthread_create(&t[i], NULL, waiter, NULL) == 0);
    sleep_ms(100);
    /* Move two of the three waiters to word2, wake one directly. */
    CHECK_EQ(futex(&word, FUTEX_CMP_REQUEUE_PRIVATE, 1, (struct timespec *)(uintptr_t)2, &word2, 0),
             3);
    sleep_ms(50);
    CHECK_EQ(woken, 1);
    CHECK_EQ(futex(&word2, FUTEX_WAKE_PRIVATE, 10, NULL, NULL, 0), 2);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    CHECK_EQ(woken, 3);
    CHECK_EQ(futex(&word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0), 0);

    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    CHECK_EQ(pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT), 0);
    CHECK_EQ(pthread_mutex_init(&pi, &a), 0);
    pthread_t u[3];
    for (int i = 0; i < 3; i++)
        REQUIRE(pthread_create(&u[i], NULL, pi_user, NULL) == 0);
    for (int i = 0; i < 3; i++)
        pthread_join(u[i], NULL);
    CHECK_EQ(pi_counter, 60000);
    return check_done();
}
