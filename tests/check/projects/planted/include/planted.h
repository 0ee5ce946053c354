#ifndef PLANTED_H
#define PLANTED_H
#include <stddef.h>
#include <stdint.h>

/* The file header of a saved record set. x32-check: layout */
struct header { /* expect-layout */
    uint32_t magic;
    size_t count;        /* 8 bytes on LP64, 4 on x32: the file format changes */
};

/* One saved record, written to the file as it is in memory. */
struct record { /* expect-layout */
    uint32_t kind;
    long id;             /* 'long' in a file format */
    int64_t when;
};

void report_file(const char *path);
void report_total(uint64_t total);
unsigned long high_bit_mask(void);
int word_bits(void);
int lowest_set_bit(uint64_t v);
size_t buffer_size(uint64_t total);
int before_end(long pos, unsigned int end);
unsigned int narrow_length(size_t n);
uint64_t handle_from_pointer(void *p);
uint64_t handle_cast(void *p);
void *pointer_from_handle(uint64_t h);
long total_bytes(long a, long b);
int save_records(const char *path, const struct record *r, size_t n);
int load_first(const char *path, struct record *out);
unsigned char *stamp_copy(uint64_t stamp);
#endif
