/* A chained hash table under a mixed insert/lookup/delete load: bucket heads
 * and chain links are pointers, so both the table and the entries shrink. */
#include "workload.h"

struct entry {
    struct entry *next;
    uint32_t key, value;
};

struct table {
    struct entry **buckets;
    uint32_t mask;
};

static uint32_t hash_key(uint32_t key)
{
    key ^= key >> 16;
    key *= 0x45d9f3bu;
    key ^= key >> 16;
    return key;
}

static struct entry **find_slot(struct table *t, uint32_t key)
{
    struct entry **slot = &t->buckets[hash_key(key) & t->mask];
    while (*slot && (*slot)->key != key)
        slot = &(*slot)->next;
    return slot;
}

int main(int argc, char **argv)
{
    int operations = size_arg(argc, argv, 6000000);
    /* Keys come from a range twice the bucket count: chains of a few entries,
     * a mix of hits and misses. */
    struct table t = { NULL, (1u << 19) - 1 };
    uint32_t seed = 777, key_range = (t.mask + 1) * 2, sum = 0, live = 0;

    quiet_malloc();
    t.buckets = calloc(t.mask + 1, sizeof *t.buckets);
    if (!t.buckets)
        return 1;
    for (int i = 0; i < operations; i++) {
        uint32_t r = next_random(&seed);
        uint32_t key = r % key_range;
        struct entry **slot = find_slot(&t, key);
        switch (r >> 30) {
        case 0: /* insert or update */
        case 1:
            if (*slot) {
                (*slot)->value += r;
            } else {
                struct entry *e = must_malloc(sizeof *e);
                e->next = NULL;
                e->key = key;
                e->value = r;
                *slot = e;
                live++;
            }
            break;
        case 2: /* lookup */
            sum += *slot ? (*slot)->value : 1;
            break;
        default: /* delete */
            if (*slot) {
                struct entry *e = *slot;
                *slot = e->next;
                sum ^= e->value;
                free(e);
                live--;
            }
        }
    }
    printf("hashtable ops=%d live=%u sum=%08x\n", operations, (unsigned)live,
           (unsigned)sum);
    return 0;
}
