/* /proc/self/stat and /proc/self/status with the x32 program's numbers: the
 * kernel's fields describe the runner (its code and stack above 4 GiB, its
 * argv, a virtual size that counts the placeholders over the whole 128 TiB),
 * so the ones an x32 kernel takes from the program's mm are replaced with the
 * values start-up recorded in guest_mm (see proc_self.h). */
#include "core/core.h"
#include "procfs/proc_self.h"
#include "procfs/proc_self_files.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <sys/syscall.h>

#define FIELDS_MAX 64

/* The value stat field `field` (1-based, as in proc(5)) gets, or -1 to keep
 * the kernel's. */
static int64_t guest_field(int field)
{
    switch (field) {
    case 23: return (int64_t)guest_mapped_bytes();      /* vsize */
    case 26: return (int64_t)guest_mm.start_code;
    case 27: return (int64_t)guest_mm.end_code;
    case 28: return (int64_t)guest_mm.start_stack;
    case 45: return (int64_t)guest_mm.start_data;
    case 46: return (int64_t)guest_mm.end_data;
    case 47: return (int64_t)guest_mm.start_brk;
    case 48: return (int64_t)guest_mm.arg_start;
    case 49: return (int64_t)guest_mm.arg_end;
    case 50: return (int64_t)guest_mm.env_start;
    case 51: return (int64_t)guest_mm.env_end;
    default: return -1;
    }
}

static void put(char *out, size_t cap, size_t *n, const char *s, size_t len)
{
    if (*n + len < cap) {
        mem_copy(out + *n, s, len);
        *n += len;
    }
}

long open_virtual_stat(const char *path, long open_flags)
{
    char in[4096], out[4096];
    long len = proc_read_small(path, in, sizeof in);
    if (len < 0)
        return len;
    /* Fields are counted after the command name, which may hold spaces and
     * parentheses: it ends at the last ')'. */
    const char *p = in + len;
    while (p > in && p[-1] != ')')
        p--;
    if (p == in)
        return 0; /* not the expected format: the kernel's own file */
    size_t n = 0;
    put(out, sizeof out, &n, in, (size_t)(p - in));
    int field = 2;
    while (*p) {
        if (*p == ' ' || *p == '\n') {
            put(out, sizeof out, &n, p, 1);
            if (*p++ == ' ')
                field++;
            continue;
        }
        const char *end = p;
        while (*end && *end != ' ' && *end != '\n')
            end++;
        int64_t v = guest_field(field);
        if (v >= 0) {
            char num[24];
            put(out, sizeof out, &n, num, str_from_long(num, sizeof num, (long)v));
        } else {
            put(out, sizeof out, &n, p, (size_t)(end - p));
        }
        p = end;
    }
    return proc_memfd_with("stat", open_flags, out, n);
}

/* "Name:\t%8lu kB\n", as task_mmu.c prints the Vm* lines. */
static void put_kb(char *out, size_t cap, size_t *n, const char *name, uint64_t bytes)
{
    char num[24];
    size_t k = str_from_long(num, sizeof num, (long)(bytes >> 10));
    put(out, cap, n, name, str_len(name));
    put(out, cap, n, "\t", 1);
    for (; k < 8; k++)
        put(out, cap, n, " ", 1);
    put(out, cap, n, num, str_len(num));
    put(out, cap, n, " kB\n", 4);
}

long open_virtual_status(const char *path, long open_flags)
{
    char in[8192], out[8192];
    long len = proc_read_small(path, in, sizeof in);
    if (len < 0)
        return len;
    size_t n = 0;
    for (const char *line = in; *line;) {
        const char *end = line;
        while (*end && *end != '\n')
            end++;
        if (*end)
            end++;
        /* No high-water mark is kept: the peak shows the current size. */
        if (str_starts(line, "VmSize:") || str_starts(line, "VmPeak:"))
            put_kb(out, sizeof out, &n, line[2] == 'S' ? "VmSize:" : "VmPeak:",
                   guest_mapped_bytes());
        else if (str_starts(line, "VmStk:"))
            put_kb(out, sizeof out, &n, "VmStk:", guest_mm.stack_hi - guest_mm.stack_lo);
        else
            put(out, sizeof out, &n, line, (size_t)(end - line));
        line = end;
    }
    return proc_memfd_with("status", open_flags, out, n);
}
