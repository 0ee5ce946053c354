/*
 * A key-value store places keys in the buckets of its on-disk index with
 * FNV-1a. The hash is computed in size_t, "the natural width", with the
 * 64-bit FNV offset basis and prime, and the bucket numbers end up in the
 * index file, so every build must compute the same ones.
 *
 * On x32 size_t is 32-bit: both 64-bit constants are cut to their low
 * halves and the arithmetic wraps at 2^32, so the same key lands in another
 * bucket and an index written by an x86-64 build finds nothing.
 */
#include <stddef.h>
#include <stdio.h>

#define INDEX_BUCKETS 1024

static size_t fnv1a(const char *key)
{
    size_t h = 14695981039346656037UL;      /* FNV-1a 64-bit offset basis */

    for (const unsigned char *p = (const unsigned char *)key; *p; p++) {
        h ^= *p;
        h *= 1099511628211UL;                /* FNV-1a 64-bit prime */
    }
    return h;
}

int main(void)
{
    static const char *const keys[] = { "user:1001", "user:1002", "session:af31", "config" };

    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        size_t h = fnv1a(keys[i]);

        printf("%-13s hash %016llx bucket %zu\n", keys[i], (unsigned long long)h, h % INDEX_BUCKETS);
    }
    return 0;
}
