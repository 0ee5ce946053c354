/*
 * The same snapshot header as a file format: fixed-width fields, the
 * padding spelled out, and the layout pinned with static assertions, so
 * every ABI (x86-64, x32, i386) reads and writes the same 32 bytes. The
 * on-disk byte order is little-endian, which every x86 ABI shares; a
 * big-endian port would convert with le64toh() and friends.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define SNAPSHOT_MAGIC 0x31504e53u      /* "SNP1" */

struct snapshot_hdr {
    uint32_t magic;
    uint32_t reserved;     /* explicit: x86-64 and x32 pad here, i386 would not */
    int64_t  created;      /* seconds since the epoch */
    uint64_t records;
    uint64_t bytes;
};
_Static_assert(sizeof(struct snapshot_hdr) == 32, "snapshot header is 32 bytes on disk");
_Static_assert(offsetof(struct snapshot_hdr, created) == 8, "created at offset 8");
_Static_assert(offsetof(struct snapshot_hdr, bytes) == 24, "bytes at offset 24");

/* A snapshot header as the x86-64 daemon wrote it (from the test suite's
 * golden files): magic, 4 bytes of padding, created, records, bytes. */
static const unsigned char golden[32] = {
    'S', 'N', 'P', '1', 0, 0, 0, 0,
    0x00, 0xf1, 0x53, 0x65, 0, 0, 0, 0,     /* 1700000000 */
    3, 0, 0, 0, 0, 0, 0, 0,
    0x00, 0x10, 0, 0, 0, 0, 0, 0,           /* 4096 */
};

int main(void)
{
    struct snapshot_hdr h;

    printf("header is %zu bytes\n", sizeof h);
    memcpy(&h, golden, sizeof h);           /* what fread(&h, sizeof h, 1, f) does */
    if (h.magic != SNAPSHOT_MAGIC) {
        printf("golden snapshot: bad magic\n");
        return 0;
    }
    printf("golden snapshot: created %" PRId64 ", %" PRIu64 " records, %" PRIu64 " bytes\n",
           h.created, h.records, h.bytes);
    return 0;
}
