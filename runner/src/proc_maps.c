/* A /proc/self/maps without the runner.  The real file lists the runner's
 * image, arena and the PROT_NONE placeholders above 4 GiB, whose addresses
 * do not fit an x32 uintptr_t (sanitizers and GC scanners parse this file).
 * Opening it returns a memfd with only the mappings below 4 GiB, captured at
 * open time. */
#include "proc_maps.h"
#include "raw_syscall.h"
#include "util.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>

int is_proc_self_maps(const char *p)
{
    if (str_eq(p, "/proc/self/maps") || str_eq(p, "/proc/thread-self/maps"))
        return 1;
    if (!str_starts(p, "/proc/"))
        return 0;
    long pid = raw_syscall0(SYS_getpid);
    char digits[24], own[32];
    int n = 0, k = 0;
    do {
        digits[n++] = (char)('0' + pid % 10);
        pid /= 10;
    } while (pid);
    while (n)
        own[k++] = digits[--n];
    own[k] = 0;
    return str_starts(p + 6, own) && str_eq(p + 6 + k, "/maps");
}

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

/* Keep a line when the whole mapping lies in the x32 task's 4 GiB (the
 * placeholder at 0xFFFFE000 runs on far beyond it). */
static int line_is_low(const char *line)
{
    hex_field(&line);
    if (*line++ != '-')
        return 0;
    return hex_field(&line) <= 0xFFFFE000ULL;
}

long open_virtual_maps(long open_flags)
{
    long src = raw_syscall4(SYS_openat, AT_FDCWD, "/proc/self/maps", O_RDONLY | O_CLOEXEC, 0);
    if (raw_failed(src))
        return src;
    long out = raw_syscall2(SYS_memfd_create, "maps", (open_flags & O_CLOEXEC) ? MFD_CLOEXEC : 0);
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
    raw_syscall3(SYS_lseek, out, 0, 0);
    return out;
}
