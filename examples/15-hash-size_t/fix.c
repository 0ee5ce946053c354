/*
 * The same index hash, defined as what it is: FNV-1a *64*, computed in
 * uint64_t on every ABI. Anything persisted or exchanged (index files,
 * shard maps, cache keys, protocol checksums) must use a fixed-width hash;
 * size_t is only fit for hashes that never leave the process, and then
 * with constants chosen by width (the 32-bit FNV basis and prime on ILP32).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define INDEX_BUCKETS 1024

static uint64_t fnv1a64(const char *key)
{
    uint64_t h = UINT64_C(14695981039346656037);     /* FNV-1a 64-bit offset basis */

    for (const unsigned char *p = (const unsigned char *)key; *p; p++) {
        h ^= *p;
        h *= UINT64_C(1099511628211);                /* FNV-1a 64-bit prime */
    }
    return h;
}

int main(void)
{
    static const char *const keys[] = { "user:1001", "user:1002", "session:af31", "config" };

    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        uint64_t h = fnv1a64(keys[i]);

        printf("%-13s hash %016" PRIx64 " bucket %zu\n", keys[i], h, (size_t)(h % INDEX_BUCKETS));
    }
    return 0;
}
