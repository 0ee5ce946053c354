/*
 * A sampling profiler keys its per-thread buffers by thread identity, and
 * calls that on every sample, so it skips pthread_self() and reads the
 * thread descriptor straight out of glibc's TCB: on x86-64, `self` is the
 * third pointer of the TCB, at %fs:0x10.
 *
 * On x32 the TCB's pointer fields are 4 bytes: `self` is at %fs:0x8, and
 * %fs:0x10 is an int flag. The asm assembles fine (`mov` takes its width
 * from the 32-bit output register) and reads the wrong field.
 */
#include <pthread.h>
#include <stdio.h>

static inline void *fast_thread_self(void)
{
    void *self;

    __asm__("mov %%fs:0x10, %0" : "=r"(self));
    return self;
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
