/* /proc/self/maps and smaps as an x32 task shows them.  The real ones list
 * the runner's image, arena and the PROT_NONE placeholders above 4 GiB, whose
 * addresses do not fit an x32 uintptr_t (sanitizers and GC scanners parse
 * them), and show the guest's stack and vDSO shim as anonymous mappings.  Here
 * only the x32 task's 4 GiB is kept, and those two and the emulated brk area
 * get the kernel's labels: stack scanners, JITs and debuggers look for
 * [stack], [vdso] (AT_SYSINFO_EHDR is the start of its line) and [heap]. */
#include "core/address_space.h"
#include "loader/initial_stack.h"
#include "procfs/proc_self.h"
#include "procfs/proc_self_files.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <fcntl.h>
#include <sys/syscall.h>

/* Where the kernel pads a maps line before its name (seq_setwidth in
 * show_vma_header_prefix: 25 + 6 * sizeof(void *) - 1 on a 64-bit kernel). */
#define NAME_COLUMN 72

/* A mapping's header line: hex start, '-', hex end (smaps' field lines start
 * with a capital letter). */
static int parse_range(const char *line, uint64_t *start, uint64_t *end)
{
    if (!((*line >= '0' && *line <= '9') || (*line >= 'a' && *line <= 'f')))
        return 0;
    *start = parse_hex(&line);
    if (*line++ != '-')
        return 0;
    *end = parse_hex(&line);
    return *line == ' ';
}

/* Keep a mapping when it lies in the x32 task's 4 GiB (the placeholder at
 * 0xFFFFE000 runs on far beyond it) and is not the stack guard (the kernel's
 * guard gap is not a mapping). */
static int is_low(uint64_t start, uint64_t end)
{
    return end <= 0xFFFFE000ULL && !is_stack_guard_range(start, end);
}

/* The kernel's name for a guest mapping the runner made anonymous, or 0;
 * brk_end: the page-rounded break (the emulated brk area is [start_brk, it)). */
static const char *label_of(uint64_t start, uint64_t end, uint64_t brk_end)
{
    if (guest_mm.vdso_base && start == guest_mm.vdso_base)
        return "[vdso]";
    if (guest_mm.start_stack && start <= guest_mm.start_stack && guest_mm.start_stack < end)
        return "[stack]";
    if (start < brk_end && end > guest_mm.start_brk)
        return "[heap]";
    return 0;
}

/* Writes one header line (len bytes, '\n' included), labelled when the
 * mapping is the stack or the vDSO and has no name of its own. */
static void write_header(long out, const char *line, size_t len, uint64_t start, uint64_t end,
                         uint64_t brk_end)
{
    const char *label = label_of(start, end, brk_end);
    /* An anonymous mapping's line ends with its inode 0 and a space. */
    if (!label || len < 3 || line[len - 2] != ' ' || line[len - 3] != '0') {
        raw_syscall3(SYS_write, out, line, len);
        return;
    }
    char buf[160];
    size_t n = len - 1;
    if (n >= sizeof buf - 16) {
        raw_syscall3(SYS_write, out, line, len);
        return;
    }
    mem_copy(buf, line, n);
    while (n < NAME_COLUMN)
        buf[n++] = ' ';
    buf[n++] = ' ';
    n += str_copy(buf + n, sizeof buf - n, label);
    buf[n++] = '\n';
    raw_syscall3(SYS_write, out, buf, n);
}

long open_virtual_maps(long open_flags, int smaps)
{
    const char *real = smaps ? "/proc/self/smaps" : "/proc/self/maps";
    long src = raw_syscall4(SYS_openat, AT_FDCWD, real, O_RDONLY | O_CLOEXEC, 0);
    if (raw_failed(src))
        return src;
    long out = proc_memfd(smaps ? "smaps" : "maps", open_flags);
    if (raw_failed(out)) {
        raw_syscall1(SYS_close, src);
        return out;
    }
    char buf[16384];
    size_t have = 0;
    int keep = 0; /* smaps: the current mapping's field lines follow its header */
    uint64_t brk_end = ((uint64_t)guest_brk(0) + 4095) & ~4095ULL;
    for (;;) {
        long n = raw_syscall3(SYS_read, src, buf + have, sizeof buf - have);
        if (n <= 0)
            break;
        have += (size_t)n;
        size_t start = 0;
        for (size_t i = 0; i < have; i++) {
            if (buf[i] != '\n')
                continue;
            const char *line = buf + start;
            size_t len = i + 1 - start;
            uint64_t lo, hi;
            if (parse_range(line, &lo, &hi)) {
                keep = is_low(lo, hi);
                if (keep)
                    write_header(out, line, len, lo, hi, brk_end);
            } else if (keep && smaps) {
                raw_syscall3(SYS_write, out, line, len);
            }
            start = i + 1;
        }
        mem_copy(buf, buf + start, have - start);
        have -= start;
        if (have == sizeof buf)
            have = 0; /* a line longer than the buffer: drop it */
    }
    raw_syscall1(SYS_close, src);
    return proc_finish(out);
}
