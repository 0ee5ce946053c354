/* /proc/self/numa_maps as an x32 task shows it: the lines of the mappings
 * /proc/self/maps keeps (proc_self_maps.c), with the pieces of one mapping
 * that the rewrite fast path split joined again (proc_maps_join.h).  A
 * numa_maps line gives only its mapping's start; the real maps, read first,
 * give the rest. */
#include "procfs/proc_maps_join.h"
#include "procfs/proc_self_files.h"
#include "base/maps.h"
#include "base/spinlock.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <fcntl.h>
#include <sys/syscall.h>

static char maps[256 * 1024];
int numa_lock;

/* The maps line starting at `start`, searched from *cursor on (both files
 * list mappings in address order); its length, or 0. */
static size_t maps_line_at(uint64_t start, char **cursor, uint64_t *hi)
{
    for (char *p = *cursor; *p;) {
        uint64_t lo, end;
        const char *eol = p;
        while (*eol && *eol != '\n')
            eol++;
        size_t len = (size_t)(eol - p) + (*eol ? 1 : 0);
        if (maps_parse_range(p, &lo, &end) && lo == start) {
            *hi = end;
            *cursor = p;
            return len;
        }
        p += len;
    }
    return 0;
}

static void flush_line(long out, char *line)
{
    if (*line)
        raw_syscall3(SYS_write, out, line, str_len(line));
    *line = 0;
}

/* One pass over the real numa_maps. */
struct numa_pass {
    long out;
    char *cursor;           /* where the next maps line is looked for */
    struct join_block prev; /* the maps side of the pending line */
    char pending[JOIN_LINE];
};

static void numa_line(char *line, size_t len, void *ctx)
{
    struct numa_pass *n = ctx;
    const char *q = line;
    uint64_t lo = parse_hex(&q), hi;
    size_t mlen = *q == ' ' ? maps_line_at(lo, &n->cursor, &hi) : 0;
    if (!mlen || !maps_line_kept(lo, hi))
        return;
    join_shown_header(n->cursor, mlen, lo);
    if (join_continues(&n->prev, n->cursor, mlen, lo)) {
        join_extend(&n->prev, hi);
        join_numa_counts(n->pending, line);
    } else {
        flush_line(n->out, n->pending);
        join_start(&n->prev, n->cursor, mlen, lo, hi);
        if (len < sizeof n->pending)
            mem_copy(n->pending, line, len + 1);
    }
}

long fill_virtual_numa_maps(long out)
{
    spin_lock(&numa_lock);
    long r = proc_read_small("/proc/self/maps", maps, sizeof maps);
    long src = r < 0 ? r
                     : raw_syscall4(SYS_openat, AT_FDCWD, "/proc/self/numa_maps",
                                    O_RDONLY | O_CLOEXEC, 0);
    if (raw_failed(src)) {
        spin_unlock(&numa_lock);
        return src;
    }
    static struct numa_pass n; /* under numa_lock */
    n.out = out;
    n.prev.used = 0;
    n.pending[0] = 0;
    n.cursor = maps;
    proc_each_line(src, numa_line, &n);
    flush_line(out, n.pending);
    raw_syscall1(SYS_close, src);
    spin_unlock(&numa_lock);
    return 0;
}
