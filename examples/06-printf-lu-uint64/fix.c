/*
 * The same summary with the format macros that match the types on every
 * ABI: PRIu64 / PRIx64 from <inttypes.h> for uint64_t, and the z length
 * modifier for size_t (%zu; %td for ptrdiff_t, PRIxPTR for uintptr_t).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct manifest_entry {
    const char *name;
    uint64_t size;
    uint64_t xxh64;     /* content hash recorded by the publisher */
};

static const struct manifest_entry manifest[] = {
    { "rootfs.img", 4294967808ull,      0x8f2d6c1be4a37709ull },
    { "home.img",   6442450944ull,      0x1c55e0f03ab2d9e4ull },
    { "boot.img",   67108864ull,        0x00000000c0ffee00ull },
};

int main(void)
{
    uint64_t total = 0;
    size_t files = 0;

    for (size_t i = 0; i < sizeof manifest / sizeof manifest[0]; i++) {
        const struct manifest_entry *m = &manifest[i];

        printf("%-10s %12" PRIu64 " bytes  xxh64 %016" PRIx64 "\n", m->name, m->size, m->xxh64);
        total += m->size;
        files++;
    }
    printf("verified %zu files, %" PRIu64 " bytes\n", files, total);
    return 0;
}
