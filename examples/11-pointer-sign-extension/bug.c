/*
 * A plugin host hands out 64-bit session handles: the pointer in the low 48
 * bits and a generation counter in the top 16, so a plugin holding a handle
 * to a closed session gets "stale" instead of a use-after-free. User-space
 * pointers are below 2^47 on x86-64, so the top bits are free. The pointer
 * goes through intptr_t, the usual way to quiet -Wpointer-to-int-cast on
 * 32-bit targets (JNI's `(jlong)(intptr_t)p` idiom).
 *
 * On x32, intptr_t is a signed 32-bit int: a pointer at or above 2 GiB is
 * negative, and widening it to 64 bits sign-extends, filling bits 32-63
 * with ones, generation field included.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

typedef uint64_t handle_t;

#define GEN_SHIFT 48
#define PTR_MASK ((UINT64_C(1) << GEN_SHIFT) - 1)

struct session {
    uint16_t generation;
    char user[30];
};

static handle_t handle_make(struct session *s)
{
    return (uint64_t)(intptr_t)s | ((uint64_t)s->generation << GEN_SHIFT);
}

static struct session *handle_get(handle_t h)
{
    struct session *s = (struct session *)(intptr_t)(h & PTR_MASK);

    return (h >> GEN_SHIFT) == s->generation ? s : NULL;
}

int main(void)
{
    /* The session pool lives in its own mapping; x32 processes get addresses
     * all over their 4 GiB, so put it where the problem shows: above 2 GiB. */
    void *want = (void *)(uintptr_t)0x90000000u;
    struct session *pool = mmap(want, 4096, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    handle_t h[3];

    if (pool == MAP_FAILED || (void *)pool != want) {
        printf("UNSUPPORTED: cannot map the session pool at 0x90000000\n");
        return 0;
    }
    static const char *const users[] = { "alice", "bob", "carol" };
    for (int i = 0; i < 3; i++) {
        pool[i].generation = 7;
        snprintf(pool[i].user, sizeof pool[i].user, "%s", users[i]);
        h[i] = handle_make(&pool[i]);
    }
    pool[1].generation++;       /* bob logged out: his handle must go stale */

    for (int i = 0; i < 3; i++) {
        struct session *s = handle_get(h[i]);

        printf("handle %d: %s\n", i, s ? s->user : "stale");
    }
    return 0;
}
