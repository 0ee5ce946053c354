/* Four threads hit one breakpoint 200 times between them: tests/gdb's
 * gdb-threads-breakpoint-storm lets gdb skip 150 hits (each a stop of all
 * threads, a report and a step over the breakpoint), then deletes it while
 * other threads may be waiting on it; the total must still be exact. */
#include <pthread.h>
#include <stdio.h>

static volatile int total;

__attribute__((noinline)) void tick(int i)
{
    __atomic_fetch_add(&total, i, __ATOMIC_SEQ_CST);
}

static void *run(void *arg)
{
    for (int i = 0; i < 50; i++)
        tick(1);
    return arg;
}

int main(void)
{
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        pthread_create(&t[i], 0, run, 0);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], 0);
    printf("total=%d\n", total);
    return total == 200 ? 0 : 1;
}
