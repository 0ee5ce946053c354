/*
 * The same session handles, widened through uintptr_t: an unsigned
 * conversion zero-extends, so on x32 a pointer at 0x90000040 becomes
 * 0x0000000090000040 and the generation bits stay free. Never route a
 * pointer to a wider integer through intptr_t (or long).
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
    return (uint64_t)(uintptr_t)s | ((uint64_t)s->generation << GEN_SHIFT);
}

static struct session *handle_get(handle_t h)
{
    struct session *s = (struct session *)(uintptr_t)(h & PTR_MASK);

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
