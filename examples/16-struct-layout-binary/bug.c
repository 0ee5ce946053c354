/*
 * A monitoring daemon snapshots its counters to disk: a header struct
 * written with fwrite() and read back with fread(), straight from memory.
 * The field types are whatever the code had at hand: `long` for a time,
 * size_t for a count.
 *
 * The file format is therefore the in-memory layout of one ABI. On x32,
 * `long` and size_t shrink to 4 bytes and the struct to 24 bytes (i386: 20,
 * because it aligns uint64_t to 4 inside structs), so a snapshot written by
 * the x86-64 build is misread field by field.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define SNAPSHOT_MAGIC 0x31504e53u      /* "SNP1" */

struct snapshot_hdr {
    uint32_t magic;
    long     created;      /* seconds since the epoch */
    size_t   records;
    uint64_t bytes;
};

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
    printf("golden snapshot: created %ld, %zu records, %llu bytes\n",
           h.created, h.records, (unsigned long long)h.bytes);
    return 0;
}
