/* Linux 6.11's PROCMAP_QUERY (the installed headers may predate it): one ioctl
 * on /proc/self/maps describes the mapping at an address, without reading
 * the whole file (procmap.c reads the file on older kernels).  Used to check
 * a site's mapping before a rewrite and a placeholder before a stub region
 * replaces it. */
#ifndef X32RUN_PROCMAP_H
#define X32RUN_PROCMAP_H

#include "base/raw_syscall.h"
#include "base/util.h"
#include <fcntl.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

struct procmap_query {
    uint64_t size, query_flags, query_addr, vma_start, vma_end, vma_flags;
    uint64_t vma_page_size, vma_offset, inode;
    uint32_t dev_major, dev_minor, vma_name_size, build_id_size;
    uint64_t vma_name_addr, build_id_addr;
};
#define PROCMAP_QUERY _IOWR('f', 17, struct procmap_query)
#define PM_READ 1
#define PM_WRITE 2
#define PM_EXEC 4
#define PM_SHARED 8

/* Fills *q for the mapping holding addr: 0, or -errno (-ENOENT: none).
 * procmap.c: the ioctl, or /proc/self/maps where the kernel lacks it. */
long procmap_query_at(uint64_t addr, struct procmap_query *q);
/* 1 once a query found no PROCMAP_QUERY (Linux before 6.11): --probe says so. */
int procmap_query_ioctl_missing(void);

#endif
