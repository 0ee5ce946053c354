#ifndef PLANTED_H
#define PLANTED_H
#include <stddef.h>
#include <stdint.h>

/* The file header of a saved record set: fixed-width fields only. x32-check: layout */
struct header {
    uint32_t magic;
    uint32_t reserved;   /* explicit padding, the same on every ABI */
    uint64_t count;
};

/* One saved record, written to the file as it is in memory. */
struct record {
    uint32_t kind;
    uint32_t reserved;
    int64_t id;
    int64_t when;
};

void report_file(const char *path);
void report_total(uint64_t total);
uint64_t high_bit_mask(void);
int word_bits(void);
int lowest_set_bit(uint64_t v);
size_t buffer_size(uint64_t total);
int before_end(int64_t pos, unsigned int end);
unsigned int narrow_length(size_t n);
uint64_t handle_from_pointer(void *p);
uint64_t handle_cast(void *p);
void *pointer_from_handle(uint64_t h);
int64_t total_bytes(int64_t a, int64_t b);
int save_records(const char *path, const struct record *r, size_t n);
int load_first(const char *path, struct record *out);
unsigned char *stamp_copy(uint64_t stamp);
#endif
