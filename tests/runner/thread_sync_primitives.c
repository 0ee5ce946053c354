/* thread_sync_primitives: semaphores (including sem_timedwait timeouts),
 * barriers, read-write locks, spinlocks and pthread_once across threads. */
// build: -pthread
#include "check.h"
#include <pthread.h>
#include <semaphore.h>

static sem_t sem;
static pthread_barrier_t bar;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_spinlock_t spin;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int once_calls, readers_inside, max_readers;
static long long spin_count;

static void init_once(void) { once_calls++; }

static void *work(void *arg)
{
    (void)arg;
    pthread_once(&once, init_once);
    sem_wait(&sem);
    pthread_barrier_wait(&bar);
    pthread_rwlock_rdlock(&rw);
    int now = __atomic_add_fetch(&readers_inside, 1, __ATOMIC_SEQ_CST);
    pthread_spin_lock(&spin);
    if (now > max_readers)
        max_readers = now;
    pthread_spin_unlock(&spin);
    sleep_ms(20);
    __atomic_sub_fetch(&readers_inside, 1, __ATOMIC_SEQ_CST);
    pthread_rwlock_unlock(&rw);
    for (int i = 0; i < 10000; i++) {
        pthread_spin_lock(&spin);
        spin_count++;
        pthread_spin_unlock(&spin);
    }
    return NULL;
}

int main(void)
{
    CHECK_SYS(sem_init(&sem, 0, 0));
    pthread_barrier_init(&bar, NULL, 4);
    pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        REQUIRE(pthread_create(&t[i], NULL, work, NULL) == 0);
    sleep_ms(20);
    for (int i = 0; i < 4; i++)
        CHECK_SYS(sem_post(&sem));
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    CHECK_EQ(once_calls, 1);
    CHECK(max_readers >= 2);            /* readers share the lock */
    CHECK_EQ(spin_count, 40000);

    pthread_rwlock_wrlock(&rw);
    CHECK_EQ(pthread_rwlock_tryrdlock(&rw), EBUSY);
    pthread_rwlock_unlock(&rw);

    struct timespec dl;
    clock_gettime(CLOCK_REALTIME, &dl);
    dl.tv_nsec += 100000000;
    if (dl.tv_nsec >= 1000000000) {
        dl.tv_sec++;
        dl.tv_nsec -= 1000000000;
    }
    long long t0 = now_ns();
    CHECK_ERR(sem_timedwait(&sem, &dl), ETIMEDOUT);
    CHECK(now_ns() - t0 >= 80000000LL);
    CHECK_ERR(sem_trywait(&sem), EAGAIN);
    sem_post(&sem);
    int v = -1;
    sem_getvalue(&sem, &v);
    CHECK_EQ(v, 1);
    return check_done();
}
