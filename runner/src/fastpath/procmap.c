/* The mapping at an address, as Linux 6.11's PROCMAP_QUERY describes it.
 *
 * Kernels from 5.11 (SUD) to 6.10 have no such ioctl: Debian 12's 6.1, Ubuntu
 * 22.04's 5.15 and 24.04's 6.8 among them.  There the same answer comes from
 * the matching line of /proc/self/maps, so the fast path rewrites sites on
 * every kernel x32-run runs on.  The first ENOTTY/EINVAL switches to the file
 * for good.  Runs in the SIGSYS handler: raw system calls and a small stack
 * buffer, no allocation. */
#include "fastpath/procmap.h"
#include <errno.h>

static int query_ioctl_missing;

/* Parses a hexadecimal field at *p; moves *p past it. */
static uint64_t hex_field(const char **p)
{
    uint64_t v = 0;
    for (;; (*p)++) {
        char c = **p;
        if (c >= '0' && c <= '9')
            v = v * 16 + (uint64_t)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v = v * 16 + (uint64_t)(c - 'a' + 10);
        else
            return v;
    }
}

static uint64_t dec_field(const char **p)
{
    uint64_t v = 0;
    for (; **p >= '0' && **p <= '9'; (*p)++)
        v = v * 10 + (uint64_t)(**p - '0');
    return v;
}

/* One line's head, "start-end perms offset major:minor inode": fills q and
 * returns 1 when the mapping holds addr. */
static int line_holds(const char *line, uint64_t addr, struct procmap_query *q)
{
    const char *p = line;
    uint64_t start = hex_field(&p);
    if (*p++ != '-')
        return 0;
    uint64_t end = hex_field(&p);
    if (addr < start || addr >= end || *p++ != ' ')
        return 0;
    uint64_t flags = 0;
    if (p[0] == 'r')
        flags |= PM_READ;
    if (p[1] == 'w')
        flags |= PM_WRITE;
    if (p[2] == 'x')
        flags |= PM_EXEC;
    if (p[3] == 's')
        flags |= PM_SHARED;
    p += 5;
    q->vma_start = start;
    q->vma_end = end;
    q->vma_flags = flags;
    q->vma_offset = hex_field(&p);
    p++;
    q->dev_major = (uint32_t)hex_field(&p);
    p++;
    q->dev_minor = (uint32_t)hex_field(&p);
    p++;
    q->inode = dec_field(&p);
    q->vma_page_size = 4096;
    return 1;
}

/* The line holding addr in /proc/self/maps, open and unread as fd, streamed
 * through a 1 KiB buffer; only each line's first 95 characters are kept (the
 * path is not needed). */
static long maps_query(long fd, uint64_t addr, struct procmap_query *q)
{
    char buf[1024], head[96];
    unsigned used = 0;
    long r = -ENOENT, n;
    while (r == -ENOENT && (n = raw_syscall3(SYS_read, fd, buf, sizeof buf)) > 0) {
        for (long i = 0; i < n; i++) {
            if (buf[i] != '\n') {
                if (used < sizeof head - 1)
                    head[used++] = buf[i];
                continue;
            }
            head[used] = 0;
            used = 0;
            if (line_holds(head, addr, q)) {
                r = 0;
                break;
            }
        }
    }
    return r;
}

long procmap_query_at(uint64_t addr, struct procmap_query *q)
{
    mem_set(q, 0, sizeof *q);
    q->size = sizeof *q;
    q->query_addr = addr;
    long fd = raw_syscall4(SYS_openat, AT_FDCWD, "/proc/self/maps", O_RDONLY | O_CLOEXEC, 0);
    if (fd < 0)
        return fd;
    long r = -ENOTTY;
    if (!query_ioctl_missing)
        r = raw_syscall3(SYS_ioctl, fd, PROCMAP_QUERY, q);
    if (r == -ENOTTY || r == -EINVAL) {
        /* before 6.11; the ioctl moved nothing: the file reads from its start */
        query_ioctl_missing = 1;
        r = maps_query(fd, addr, q);
    }
    raw_syscall1(SYS_close, fd);
    return r;
}

int procmap_query_ioctl_missing(void) { return query_ioctl_missing; }
