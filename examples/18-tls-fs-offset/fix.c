/*
 * The same profiler key without glibc internals. The x86-64 TLS ABI (both
 * LP64 and x32) guarantees one thing about the TCB: its first word, at
 * %fs:0, points to itself. __builtin_thread_pointer() reads exactly that,
 * with a pointer-sized load on each ABI, and in glibc the thread pointer is
 * the pthread_t. Anything deeper in the TCB (self, stack_guard at 0x28 vs
 * 0x18, pointer_guard) is private layout that differs between ABIs.
 */
#include <pthread.h>
#include <stdio.h>

static inline void *fast_thread_self(void)
{
    return __builtin_thread_pointer();
}

static void *sample(void *name)
{
    printf("%s thread: fast id %s pthread_self()\n", (const char *)name,
           fast_thread_self() == (void *)pthread_self() ? "matches" : "DOES NOT match");
    return NULL;
}

int main(void)
{
    pthread_t worker;

    sample("main");
    if (pthread_create(&worker, NULL, sample, "worker") != 0)
        return 1;
    pthread_join(worker, NULL);
    return 0;
}
