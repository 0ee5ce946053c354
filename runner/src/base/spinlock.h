/* The runner's one lock: a spin lock on an int (0 free, 1 held).  The trap path
 * can take no futex-based lock (glibc's reach %fs), and its critical sections
 * are a few loads and stores, so a thread that finds one held spins.  What a
 * lock does across a fork is stated where it is registered (core/fork.h). */
#ifndef X32RUN_SPINLOCK_H
#define X32RUN_SPINLOCK_H

static inline void spin_lock(int *l)
{
    while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
        __builtin_ia32_pause();
}

/* 1 when the lock was free and is now held by the caller. */
static inline int spin_trylock(int *l) { return !__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE); }

static inline void spin_unlock(int *l) { __atomic_store_n(l, 0, __ATOMIC_RELEASE); }

#endif
