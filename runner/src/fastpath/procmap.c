/* The mapping at an address, as Linux 6.11's PROCMAP_QUERY describes it.
 *
 * Kernels from 5.11 (SUD) to 6.10 have no such ioctl: Debian 12's 6.1, Ubuntu
 * 22.04's 5.15 and 24.04's 6.8 among them.  There the same answer comes from
 * the matching line of /proc/self/maps, so the fast path rewrites sites on
 * every kernel x32-run runs on.  The first ENOTTY/EINVAL switches to the file
 * for good.  Runs in the SIGSYS handler: raw system calls and a small stack
 * buffer, no allocation. */
#include "base/maps.h"
#include "fastpath/procmap.h"
#include <errno.h>

static int query_ioctl_missing;

/* The line holding addr: fills q (each's arg) and stops the walk. */
static int holds_addr(const struct maps_line *l, void *arg)
{
    struct procmap_query *q = arg;
    uint64_t addr = q->query_addr;
    if (addr < l->start || addr >= l->end)
        return 0;
    q->vma_start = l->start;
    q->vma_end = l->end;
    q->vma_flags = (l->perms[0] == 'r' ? PM_READ : 0) | (l->perms[1] == 'w' ? PM_WRITE : 0) |
                   (l->perms[2] == 'x' ? PM_EXEC : 0) | (l->perms[3] == 's' ? PM_SHARED : 0);
    q->vma_offset = l->offset;
    q->dev_major = l->dev_major;
    q->dev_minor = l->dev_minor;
    q->inode = l->inode;
    q->vma_page_size = 4096;
    return 1;
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
    raw_syscall1(SYS_close, fd);
    if (r == -ENOTTY || r == -EINVAL) {
        /* before 6.11: the text, line by line */
        query_ioctl_missing = 1;
        r = maps_each(holds_addr, q);
        r = r == 1 ? 0 : r < 0 ? r : -ENOENT;
    }
    return r;
}

int procmap_query_ioctl_missing(void) { return query_ioctl_missing; }
