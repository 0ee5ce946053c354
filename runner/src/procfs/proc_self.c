/* /proc/self/{maps,smaps,numa_maps,stat,status,auxv,cmdline} as an x32 task would show
 * them (see proc_self.h): which paths are virtual, and the two small files
 * kept here. */
#include "procfs/procfs.h"
#include "procfs/proc_self_files.h"
#include "procfs/proc_lazy.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>

int proc_self_get_auxv(const void **data, unsigned long *len)
{
    *data = guest_mm.auxv;
    *len = (unsigned long)guest_mm.auxv_words * 4;
    return guest_mm.auxv_words ? 0 : -1;
}

/* NAME under /proc/self/, /proc/thread-self/, /proc/<our pid>/, or their
 * task/<tid>/ (every thread of an x32 process shows the same mm). */
static int is_own(const char *p, const char *name)
{
    const char *rest = own_proc_entry(p);
    if (rest && str_starts(rest, "task/") && rest[5] >= '0' && rest[5] <= '9') {
        rest += 5;
        while (*rest >= '0' && *rest <= '9')
            rest++;
        rest = *rest == '/' ? rest + 1 : 0;
    }
    return rest && str_eq(rest, name);
}

long proc_memfd(const char *name, long open_flags)
{
    return raw_syscall2(SYS_memfd_create, name, (open_flags & O_CLOEXEC) ? MFD_CLOEXEC : 0);
}

long proc_finish(long fd)
{
    if (!raw_failed(fd))
        raw_syscall3(SYS_lseek, fd, 0, 0);
    return fd;
}

void proc_each_line(long fd, void (*fn)(char *line, size_t len, void *ctx), void *ctx)
{
    char buf[16384];
    size_t have = 0;
    for (;;) {
        long n = raw_syscall3(SYS_read, fd, buf + have, sizeof buf - 1 - have);
        if (n <= 0)
            break;
        have += (size_t)n;
        size_t start = 0;
        for (size_t i = 0; i < have; i++) {
            if (buf[i] != '\n')
                continue;
            char saved = buf[i + 1];
            buf[i + 1] = 0;
            fn(buf + start, i + 1 - start, ctx);
            buf[i + 1] = saved;
            start = i + 1;
        }
        mem_copy(buf, buf + start, have - start);
        have -= start;
        if (have == sizeof buf - 1)
            have = 0; /* a line longer than the buffer: drop it */
    }
}

long proc_read_small(const char *path, char *buf, size_t cap)
{
    long fd = raw_syscall4(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC, 0);
    if (raw_failed(fd))
        return fd;
    size_t have = 0;
    for (;;) {
        long n = raw_syscall3(SYS_read, fd, buf + have, cap - 1 - have);
        if (n <= 0)
            break;
        have += (size_t)n;
    }
    raw_syscall1(SYS_close, fd);
    buf[have] = 0;
    return (long)have;
}

long proc_memfd_with(const char *name, long open_flags, const void *data, size_t len)
{
    long fd = proc_memfd(name, open_flags);
    if (!raw_failed(fd))
        raw_syscall3(SYS_write, fd, data, len);
    return proc_finish(fd);
}

long open_proc_self(const char *path, long open_flags)
{
    if (!path || !str_starts(path, "/proc/"))
        return 0;
    /* Written at the first use, as the kernel writes them (proc_lazy.c). */
    if (is_own(path, "maps"))
        return proc_lazy_open(PROC_LAZY_MAPS, open_flags);
    if (is_own(path, "smaps"))
        return proc_lazy_open(PROC_LAZY_SMAPS, open_flags);
    if (is_own(path, "numa_maps"))
        return proc_lazy_open(PROC_LAZY_NUMA_MAPS, open_flags);
    if (is_own(path, "stat") && guest_mm.start_stack)
        return open_virtual_stat(path, open_flags);
    if (is_own(path, "status") && guest_mm.stack_hi)
        return open_virtual_status(path, open_flags);
    if (is_own(path, "auxv") && guest_mm.auxv_words)
        return proc_memfd_with("auxv", open_flags, guest_mm.auxv, (size_t)guest_mm.auxv_words * 4);
    /* Read live, like the kernel does (setproctitle-style edits show). */
    if (is_own(path, "cmdline") && guest_mm.arg_end > guest_mm.arg_start)
        return proc_memfd_with("cmdline", open_flags, (const void *)(uintptr_t)guest_mm.arg_start,
                               guest_mm.arg_end - guest_mm.arg_start);
    return 0;
}
