/* Joining the pieces of one mapping in maps, smaps and numa_maps.
 *
 * Rewriting a system-call site changes one page's protection and sets it
 * back; the kernel then keeps that page as a mapping of its own (it now has
 * private, written memory), so one libc text line becomes three.  No kernel
 * running the program would have split it, so the program's view joins such
 * pieces again: same permissions, same file and offsets that follow on, and
 * a boundary at a page the fast path touched (fastpath_split_at).  smaps'
 * sizes are summed (not the page sizes), numa_maps' page counts too. */
#ifndef X32RUN_PROC_MAPS_JOIN_H
#define X32RUN_PROC_MAPS_JOIN_H

#include <stddef.h>
#include <stdint.h>

#define JOIN_MAX_FIELDS 40
#define JOIN_LINE 256

/* One kept mapping waiting to be written: its header and (smaps) fields. */
struct join_block {
    int used;
    uint64_t lo, hi;
    char header[JOIN_LINE];
    size_t header_len;
    int nfields;
    char field[JOIN_MAX_FIELDS][JOIN_LINE];
    size_t field_len[JOIN_MAX_FIELDS];
};

/* A header as the program sees it, before anything else reads it: a rewritten
 * page kept execute-only (fastpath_xonly.c) is readable to it, as the page
 * unrewritten ("--xp" becomes "r-xp").  1 when lo is such a page (its smaps
 * fields need the same treatment). */
int join_shown_header(char *line, size_t len, uint64_t lo);
/* 1 when the header line `line` (as join_shown_header left it; its mapping
 * [lo, hi)) continues b's mapping and was split from it only by the fast path. */
int join_continues(const struct join_block *b, const char *line, size_t len, uint64_t lo);
/* b now holds the mapping of header `line`, with no fields. */
void join_start(struct join_block *b, const char *line, size_t len, uint64_t lo, uint64_t hi);
/* Extends b to hi (its header's end address is rewritten). */
void join_extend(struct join_block *b, uint64_t hi);
/* An smaps field line: kept when b is new, else its size added to b's. */
void join_field(struct join_block *b, const char *line, size_t len, int adding);

/* numa_maps: the line `line` (ending in '\n') folded into `into` (its page
 * counts added); both are NUL-terminated, into has room for JOIN_LINE. */
void join_numa_counts(char *into, const char *line);

#endif
