/* Joining the pieces of one mapping (proc_maps_join.h). */
#include "procfs/proc_maps_join.h"
#include "fastpath/fastpath.h"
#include "base/util.h"

static uint64_t parse_dec(const char **p)
{
    uint64_t v = 0;
    while (**p >= '0' && **p <= '9')
        v = v * 10 + (uint64_t)(*(*p)++ - '0');
    return v;
}

/* A maps header: "lo-hi perms offset dev inode   name".  *rest points at the
 * device (the part equal in every piece of one mapping). */
static int split_header(const char *line, size_t len, const char **perms, uint64_t *offset,
                        const char **rest)
{
    const char *p = line, *end = line + len;
    while (p < end && *p != ' ')
        p++;
    if (end - p < 8)
        return 0;
    *perms = ++p;
    p += 5; /* "r-xp " */
    *offset = parse_hex(&p);
    if (p >= end || *p != ' ')
        return 0;
    *rest = p + 1;
    return 1;
}

int join_shown_header(char *line, size_t len, uint64_t lo)
{
    const char *perms, *rest;
    uint64_t offset;
    if (!fastpath_xonly_page(lo))
        return 0;
    if (split_header(line, len, &perms, &offset, &rest) && perms[0] == '-' && perms[2] == 'x')
        line[perms - line] = 'r';
    return 1;
}

int join_continues(const struct join_block *b, const char *line, size_t len, uint64_t lo)
{
    const char *bp, *br, *np, *nr;
    uint64_t boff, noff;
    if (!b->used || b->hi != lo || !fastpath_split_at(lo))
        return 0;
    if (!split_header(b->header, b->header_len, &bp, &boff, &br) ||
        !split_header(line, len, &np, &noff, &nr))
        return 0;
    size_t brl = b->header_len - (size_t)(br - b->header), nrl = len - (size_t)(nr - line);
    return mem_eq(bp, np, 4) && boff + (b->hi - b->lo) == noff && brl == nrl &&
           mem_eq(br, nr, brl);
}

void join_start(struct join_block *b, const char *line, size_t len, uint64_t lo, uint64_t hi)
{
    if (len > JOIN_LINE)
        len = JOIN_LINE;
    mem_copy(b->header, line, len);
    b->header_len = len;
    b->lo = lo;
    b->hi = hi;
    b->nfields = 0;
    b->used = 1;
}

void join_extend(struct join_block *b, uint64_t hi)
{
    /* Kept mappings end below 4 GiB: the kernel prints both ends as 8 digits. */
    b->hi = hi;
    if (b->header_len > 17 && b->header[8] == '-')
        for (int i = 0; i < 8; i++)
            b->header[9 + i] = hex_digits[(hi >> (28 - 4 * i)) & 15];
}

/* "Label:   1234 kB": the label's length (through ':') and the number's
 * value and end; 0 when the line is not a size. */
static int size_field(const char *line, size_t len, size_t *label, uint64_t *value,
                      size_t *num_end)
{
    size_t i = 0;
    while (i < len && line[i] != ':')
        i++;
    if (i == len || len < i + 4 || !mem_eq(line + len - 4, " kB\n", 4))
        return 0;
    *label = i + 1;
    size_t j = i + 1;
    while (j < len && line[j] == ' ')
        j++;
    const char *p = line + j; /* the line ends in " kB\n": no digit runs past it */
    *value = parse_dec(&p);
    *num_end = (size_t)(p - line);
    return *num_end > j;
}

void join_field(struct join_block *b, const char *line, size_t len, int adding)
{
    if (!adding) {
        if (b->nfields == JOIN_MAX_FIELDS || len > JOIN_LINE)
            return;
        mem_copy(b->field[b->nfields], line, len);
        b->field_len[b->nfields++] = len;
        return;
    }
    size_t label, end, olabel, oend;
    uint64_t add, have;
    if (!size_field(line, len, &label, &add, &end))
        return; /* VmFlags, THPeligible...: the first piece's stand */
    /* page sizes are the mapping's, not amounts */
    if ((label == 15 && mem_eq(line, "KernelPageSize:", 15)) ||
        (label == 12 && mem_eq(line, "MMUPageSize:", 12)))
        return;
    for (int i = 0; i < b->nfields; i++) {
        char *f = b->field[i];
        if (!size_field(f, b->field_len[i], &olabel, &have, &oend) || olabel != label ||
            !mem_eq(f, line, label))
            continue;
        /* the sum, right-aligned where the old number ended */
        char num[24];
        int n = str_fmt(num, sizeof num, "%lu", (unsigned long)(have + add));
        size_t at = oend >= label + (size_t)n ? oend - (size_t)n : label;
        char out[JOIN_LINE];
        mem_copy(out, f, label);
        for (size_t k = label; k < at; k++)
            out[k] = ' ';
        mem_copy(out + at, num, (size_t)n);
        mem_copy(out + at + n, " kB\n", 4);
        size_t total = at + (size_t)n + 4;
        mem_copy(f, out, total);
        b->field_len[i] = total;
        return;
    }
}

/* numa_maps' "key=N" words: N added for keys both lines have (the page size
 * is the mapping's, not an amount). */
void join_numa_counts(char *into, const char *line)
{
    char out[JOIN_LINE];
    size_t n = 0;
    const char *p = into;
    while (*p && *p != '\n' && n < sizeof out - 24) {
        const char *w = p;
        while (*p && *p != ' ' && *p != '\n')
            p++;
        size_t wl = (size_t)(p - w);
        const char *eq = w;
        while (eq < p && *eq != '=')
            eq++;
        uint64_t v = 0, add = 0;
        int numeric = eq < p && eq + 1 < p, found = 0;
        for (const char *d = eq + 1; numeric && d < p; d++)
            numeric = *d >= '0' && *d <= '9';
        if (numeric && !(eq - w == 17 && mem_eq(w, "kernelpagesize_kB", 17))) {
            const char *d = eq + 1;
            v = parse_dec(&d);
            /* the same key in line */
            for (const char *q = line; *q && *q != '\n';) {
                const char *lw = q;
                while (*q && *q != ' ' && *q != '\n')
                    q++;
                if ((size_t)(q - lw) > (size_t)(eq - w) && mem_eq(lw, w, (size_t)(eq - w) + 1)) {
                    const char *ld = lw + (eq - w) + 1;
                    add = parse_dec(&ld);
                    found = 1;
                    break;
                }
                while (*q == ' ')
                    q++;
            }
        }
        if (found) {
            mem_copy(out + n, w, (size_t)(eq - w) + 1);
            n += (size_t)(eq - w) + 1;
            n += (size_t)str_fmt(out + n, sizeof out - n, "%lu", (unsigned long)(v + add));
        } else if (n + wl < sizeof out) {
            mem_copy(out + n, w, wl);
            n += wl;
        }
        while (*p == ' ')
            out[n < sizeof out - 2 ? n++ : n] = *p++;
    }
    out[n++] = '\n';
    out[n] = 0;
    mem_copy(into, out, n + 1);
}
