/* /proc/self/numa_maps as an x32 task shows it: the lines of the mappings
 * /proc/self/maps keeps (proc_self_maps.c), with the pieces of one mapping
 * that the rewrite fast path split joined again (proc_maps_join.h).  A
 * numa_maps line gives only its mapping's start; the real maps, read first,
 * give the rest. */
#include "procfs/proc_maps_join.h"
#include "procfs/proc_self_files.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <fcntl.h>
#include <sys/syscall.h>

static char maps[256 * 1024];
static int numa_lock;

/* The maps line starting at `start`, searched from *cursor on (both files
 * list mappings in address order); its length, or 0. */
static size_t maps_line_at(uint64_t start, const char **cursor, uint64_t *hi)
{
    for (const char *p = *cursor; *p;) {
        const char *q = p;
        uint64_t lo = parse_hex(&q);
        const char *eol = p;
        while (*eol && *eol != '\n')
            eol++;
        size_t len = (size_t)(eol - p) + (*eol ? 1 : 0);
        if (*q == '-' && lo == start) {
            q++;
            *hi = parse_hex(&q);
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

long open_virtual_numa_maps(long open_flags)
{
    while (__atomic_exchange_n(&numa_lock, 1, __ATOMIC_ACQUIRE))
        __builtin_ia32_pause();
    long r = proc_read_small("/proc/self/maps", maps, sizeof maps);
    long src = r < 0 ? r
                     : raw_syscall4(SYS_openat, AT_FDCWD, "/proc/self/numa_maps",
                                    O_RDONLY | O_CLOEXEC, 0);
    long out = raw_failed(src) ? src : proc_memfd("numa_maps", open_flags);
    if (raw_failed(out)) {
        if (!raw_failed(src))
            raw_syscall1(SYS_close, src);
        __atomic_store_n(&numa_lock, 0, __ATOMIC_RELEASE);
        return out;
    }
    static struct join_block prev; /* the maps side of the pending line */
    static char pending[JOIN_LINE];
    prev.used = 0;
    pending[0] = 0;
    const char *cursor = maps;
    char buf[16384];
    size_t have = 0;
    for (;;) {
        long got = raw_syscall3(SYS_read, src, buf + have, sizeof buf - have - 1);
        if (got <= 0)
            break;
        have += (size_t)got;
        size_t start = 0;
        for (size_t i = 0; i < have; i++) {
            if (buf[i] != '\n')
                continue;
            char *line = buf + start;
            size_t len = i + 1 - start;
            char saved = buf[i + 1];
            buf[i + 1] = 0;
            const char *q = line;
            uint64_t lo = parse_hex(&q), hi;
            size_t mlen = *q == ' ' ? maps_line_at(lo, &cursor, &hi) : 0;
            if (mlen && maps_line_kept(lo, hi)) {
                if (join_continues(&prev, cursor, mlen, lo)) {
                    join_extend(&prev, hi);
                    join_numa_counts(pending, line);
                } else {
                    flush_line(out, pending);
                    join_start(&prev, cursor, mlen, lo, hi);
                    if (len < sizeof pending)
                        mem_copy(pending, line, len + 1);
                }
            }
            buf[i + 1] = saved;
            start = i + 1;
        }
        mem_copy(buf, buf + start, have - start);
        have -= start;
        if (have == sizeof buf - 1)
            have = 0; /* a line longer than the buffer: drop it */
    }
    flush_line(out, pending);
    raw_syscall1(SYS_close, src);
    __atomic_store_n(&numa_lock, 0, __ATOMIC_RELEASE);
    return proc_finish(out);
}
