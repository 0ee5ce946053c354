/* /proc/self/{maps,auxv,cmdline} as an x32 task would show them.  maps
 * matters most: the real one lists the runner's image, arena and the
 * PROT_NONE placeholders above 4 GiB, whose addresses do not fit an x32
 * uintptr_t (sanitizers and GC scanners parse it). */
#include "proc_self.h"
#include "initial_stack.h"
#include "paths.h"
#include "raw_syscall.h"
#include "util.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>

static uint32_t auxv_words[64];
static int auxv_count;
static uint64_t cmdline_start, cmdline_end;

void proc_self_set_auxv(const uint32_t *words, int n)
{
    if (n > 64)
        n = 64;
    mem_copy(auxv_words, words, (size_t)n * 4);
    auxv_count = n;
}

void proc_self_set_cmdline(uint64_t start, uint64_t end)
{
    cmdline_start = start;
    cmdline_end = end;
}

/* "/proc/self/NAME", "/proc/thread-self/NAME" or "/proc/<our pid>/NAME" */
static int is_own(const char *p, const char *name)
{
    const char *rest = own_proc_entry(p);
    return rest && str_eq(rest, name);
}

/* Keep a line when the whole mapping lies in the x32 task's 4 GiB (the
 * placeholder at 0xFFFFE000 runs on far beyond it). */
static int line_is_low(const char *line)
{
    uint64_t start = parse_hex(&line);
    if (*line++ != '-')
        return 0;
    uint64_t end = parse_hex(&line);
    return end <= 0xFFFFE000ULL && !is_stack_guard_range(start, end);
}

static long new_memfd(const char *name, long open_flags)
{
    return raw_syscall2(SYS_memfd_create, name, (open_flags & O_CLOEXEC) ? MFD_CLOEXEC : 0);
}

static long finish(long fd)
{
    raw_syscall3(SYS_lseek, fd, 0, 0);
    return fd;
}

static long open_virtual_maps(long open_flags)
{
    long src = raw_syscall4(SYS_openat, AT_FDCWD, "/proc/self/maps", O_RDONLY | O_CLOEXEC, 0);
    if (raw_failed(src))
        return src;
    long out = new_memfd("maps", open_flags);
    if (raw_failed(out)) {
        raw_syscall1(SYS_close, src);
        return out;
    }
    char buf[16384];
    size_t have = 0;
    for (;;) {
        long n = raw_syscall3(SYS_read, src, buf + have, sizeof buf - have);
        if (n <= 0)
            break;
        have += (size_t)n;
        size_t start = 0;
        for (size_t i = 0; i < have; i++) {
            if (buf[i] != '\n')
                continue;
            if (line_is_low(buf + start))
                raw_syscall3(SYS_write, out, buf + start, i + 1 - start);
            start = i + 1;
        }
        mem_copy(buf, buf + start, have - start);
        have -= start;
        if (have == sizeof buf)
            have = 0; /* a line longer than the buffer: drop it */
    }
    raw_syscall1(SYS_close, src);
    return finish(out);
}

long open_proc_self(const char *path, long open_flags)
{
    if (!path || !str_starts(path, "/proc/"))
        return 0;
    if (is_own(path, "maps"))
        return open_virtual_maps(open_flags);
    if (is_own(path, "auxv") && auxv_count) {
        long fd = new_memfd("auxv", open_flags);
        if (!raw_failed(fd))
            raw_syscall3(SYS_write, fd, auxv_words, auxv_count * 4);
        return finish(fd);
    }
    if (is_own(path, "cmdline") && cmdline_end > cmdline_start) {
        /* Read live, like the kernel does (setproctitle-style edits show). */
        long fd = new_memfd("cmdline", open_flags);
        if (!raw_failed(fd))
            raw_syscall3(SYS_write, fd, cmdline_start, cmdline_end - cmdline_start);
        return finish(fd);
    }
    return 0;
}
