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
#include "fastpath/fastpath.h"
#include "procfs/proc_self_files.h"
#include "procfs/proc_maps_join.h"
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
 * 0xFFFFE000 runs on far beyond it), is not the stack guard (the kernel's
 * guard gap is not a mapping) and is not a stub region of the rewrite fast
 * path (no kernel would have mapped it). */
int maps_line_kept(uint64_t start, uint64_t end)
{
    return end <= 0xFFFFE000ULL && !is_stack_guard_range(start, end) &&
           !fastpath_hidden_range(start, end);
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

static int maps_lock;

static void flush_block(long out, struct join_block *b, uint64_t brk_end)
{
    if (!b->used)
        return;
    write_header(out, b->header, b->header_len, b->lo, b->hi, brk_end);
    for (int i = 0; i < b->nfields; i++)
        raw_syscall3(SYS_write, out, b->field[i], b->field_len[i]);
    b->used = 0;
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
    int keep = 0;   /* the current mapping is the x32 program's */
    int adding = 0; /* ... and continues the pending one (its fields add up) */
    static struct join_block pending; /* under maps_lock: one open at a time */
    while (__atomic_exchange_n(&maps_lock, 1, __ATOMIC_ACQUIRE))
        __builtin_ia32_pause();
    pending.used = 0;
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
                keep = maps_line_kept(lo, hi);
                adding = keep && join_continues(&pending, line, len, lo);
                if (adding) {
                    join_extend(&pending, hi);
                } else if (keep) {
                    flush_block(out, &pending, brk_end);
                    join_start(&pending, line, len, lo, hi);
                }
            } else if (keep && smaps) {
                join_field(&pending, line, len, adding);
            }
            start = i + 1;
        }
        mem_copy(buf, buf + start, have - start);
        have -= start;
        if (have == sizeof buf)
            have = 0; /* a line longer than the buffer: drop it */
    }
    flush_block(out, &pending, brk_end);
    __atomic_store_n(&maps_lock, 0, __ATOMIC_RELEASE);
    raw_syscall1(SYS_close, src);
    return proc_finish(out);
}
