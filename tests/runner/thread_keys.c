/* thread_keys: pthread_key values are per thread and destructors run at
 * thread exit with the thread's value (and not for NULL values). */
// build: -pthread
#include "check.h"
#include <pthread.h>

static pthread_key_t key, key2;
static int destroyed_sum, destroyed_count;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void destructor(void *v)
{
    pthread_mutex_lock(&lock);
    destroyed_sum += *(int *)v;
    destroyed_count++;
    pthread_mutex_unlock(&lock);
    free(v);
}

static void *work(void *arg)
{
    int *v = malloc(sizeof *v);
    *v = (int)(intptr_t)arg;
    if (pthread_getspecific(key) != NULL)
        return (void *)1;
    pthread_setspecific(key, v);
    pthread_setspecific(key2, (void *)0x77);
    sched_yield();
    if (pthread_getspecific(key) != v || pthread_getspecific(key2) != (void *)0x77)
        return (void *)2;
    if ((intptr_t)arg == 5)
        pthread_exit(NULL);             /* destructors run on pthread_exit too */
    return NULL;
}

int main(void)
{
    CHECK_EQ(pthread_key_create(&key, destructor), 0);
    CHECK_EQ(pthread_key_create(&key2, NULL), 0);
    int mine = 999;
    pthread_setspecific(key, &mine);
    pthread_t t[10];
    for (int i = 0; i < 10; i++)
        REQUIRE(pthread_create(&t[i], NULL, work, (void *)(intptr_t)(i + 1)) == 0);
    for (int i = 0; i < 10; i++) {
        void *r;
        pthread_join(t[i], &r);
        CHECK(r == NULL);
    }
    CHECK_EQ(destroyed_count, 10);
    CHECK_EQ(destroyed_sum, 55);
    CHECK(pthread_getspecific(key) == &mine);
    pthread_setspecific(key, NULL);
    CHECK_EQ(pthread_key_delete(key), 0);
    CHECK_EQ(pthread_key_delete(key2), 0);
    return check_done();
}
