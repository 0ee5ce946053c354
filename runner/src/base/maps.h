/* /proc/self/maps, read in one place: the address-space steal and the virtual
 * size (core/), a site's mapping where PROCMAP_QUERY is missing (fastpath/), and
 * the ranges procfs/ rewrites.  Raw calls and no libc: safe on the trap path. */
#ifndef X32RUN_MAPS_H
#define X32RUN_MAPS_H

#include <stdint.h>

/* A line's head, "start-end perms offset major:minor inode name". */
struct maps_line {
    uint64_t start, end, offset, inode;
    unsigned dev_major, dev_minor;
    char perms[5];      /* "r-xp", terminated */
    const char *name;   /* the path or [label] as far as it was kept; "" for none */
};

/* "start-end" at the head of line (smaps' field lines, which start with a
 * capital letter, are no range): 1 with *start and *end set, else 0. */
int maps_parse_range(const char *line, uint64_t *start, uint64_t *end);
/* The whole head: 1, or 0 when line is no mapping line. */
int maps_parse(const char *line, struct maps_line *out);

/* Calls each(line, arg) for every mapping line until it returns non-zero, and
 * returns that value; 0 at the end; -errno when the file cannot be read.
 * maps_each streams /proc/self/maps through a small buffer (a line's first
 * MAPS_HEAD_MAX - 1 characters are kept: its range and flags always fit);
 * maps_each_text walks a copy read at once, for a caller that maps or unmaps
 * memory while it walks (the file would change under a stream). */
#define MAPS_HEAD_MAX 160
long maps_each(int (*each)(const struct maps_line *l, void *arg), void *arg);
long maps_each_text(const char *text, int (*each)(const struct maps_line *l, void *arg), void *arg);

#endif
