/*
 * The summary an image-sync tool prints after verifying a manifest: size and
 * 64-bit content hash per file, then totals. uint64_t and size_t are printed
 * with %lu / %lx, because on LP64 both are `unsigned long`.
 *
 * On x32 uint64_t is `unsigned long long` (64-bit) and size_t is
 * `unsigned int`, while %lu / %lx read a 32-bit `unsigned long`.
 */
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

        printf("%-10s %12lu bytes  xxh64 %016lx\n", m->name, m->size, m->xxh64);
        total += m->size;
        files++;
    }
    printf("verified %lu files, %lu bytes\n", files, total);
    return 0;
}
