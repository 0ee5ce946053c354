/* /proc/self/maps and smaps as an x32 task shows them.  The real ones list
 * the runner's image, arena and the PROT_NONE placeholders above 4 GiB, whose
 * addresses do not fit an x32 uintptr_t (sanitizers and GC scanners parse
 * them), and show the guest's stack and vDSO shim as anonymous mappings.  Here
 * only the x32 task's 4 GiB is kept, and those two and the emulated brk area
 * get the kernel's labels: stack scanners, JITs and debuggers look for
 * [stack], [vdso] (AT_SYSINFO_EHDR is the start of its line) and [heap]. */
#include "base/maps.h"
#include "base/spinlock.h"
#include "base/x32_abi.h"
#include "core/core.h"
#include "loader/loader.h"
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

/* Keep a mapping when it lies in the x32 task's 4 GiB (the placeholder at
 * 0xFFFFE000 runs on far beyond it), is not the stack guard (the kernel's
 * guard gap is not a mapping) and is not a stub region of the rewrite fast
 * path (no kernel would have mapped it). */
int maps_line_kept(uint64_t start, uint64_t end)
{
    return end <= X32_TASK_SIZE && !is_stack_guard_range(start, end) &&
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

int maps_lock;

static void flush_block(long out, struct join_block *b, uint64_t brk_end)
{
    if (!b->used)
        return;
    write_header(out, b->header, b->header_len, b->lo, b->hi, brk_end);
    for (int i = 0; i < b->nfields; i++)
        raw_syscall3(SYS_write, out, b->field[i], b->field_len[i]);
    b->used = 0;
}

/* One pass over the real maps or smaps. */
struct maps_pass {
    long out;
    int smaps;
    int keep;   /* the current mapping is the x32 program's */
    int adding; /* ... and continues the pending one (its fields add up) */
    int xonly;  /* ... and is a rewritten page kept execute-only */
    uint64_t brk_end;
    struct join_block pending;
};

/* An smaps field of a rewritten page kept execute-only (fastpath_xonly.c) as
 * the kernel would show it unrewritten: "rd" in its VmFlags, protection key 0
 * (its header: join_shown_header).  line holds len bytes and room for 3 more. */
static size_t as_readable(char *line, size_t len)
{
    if (len > 14 && mem_eq(line, "ProtectionKey:", 14)) {
        for (size_t i = 14; i < len && line[i] != '\n'; i++)
            if (line[i] >= '0' && line[i] <= '9')
                line[i] = line[i + 1] == '\n' ? '0' : ' ';
    } else if (len > 9 && mem_eq(line, "VmFlags: ", 9) && !mem_eq(line + 9, "rd ", 3)) {
        for (size_t i = len; i-- > 9;)
            line[i + 3] = line[i];
        mem_copy(line + 9, "rd ", 3);
        len += 3;
    }
    return len;
}

static void maps_line(char *line, size_t len, void *ctx)
{
    struct maps_pass *m = ctx;
    uint64_t lo, hi;
    char fixed[JOIN_LINE];
    if (len + 3 < sizeof fixed && m->keep && m->xonly && !maps_parse_range(line, &lo, &hi)) {
        mem_copy(fixed, line, len);
        len = as_readable(fixed, len);
        line = fixed;
    }
    if (maps_parse_range(line, &lo, &hi)) {
        m->keep = maps_line_kept(lo, hi);
        m->xonly = m->keep && join_shown_header(line, len, lo);
        m->adding = m->keep && join_continues(&m->pending, line, len, lo);
        if (m->adding) {
            join_extend(&m->pending, hi);
        } else if (m->keep) {
            flush_block(m->out, &m->pending, m->brk_end);
            join_start(&m->pending, line, len, lo, hi);
        }
    } else if (m->keep && m->smaps) {
        join_field(&m->pending, line, len, m->adding);
    }
}

long fill_virtual_maps(long out, int smaps)
{
    const char *real = smaps ? "/proc/self/smaps" : "/proc/self/maps";
    long src = raw_syscall4(SYS_openat, AT_FDCWD, real, O_RDONLY | O_CLOEXEC, 0);
    if (raw_failed(src))
        return src;
    static struct maps_pass m; /* under maps_lock: one pass at a time */
    spin_lock(&maps_lock);
    m.out = out;
    m.smaps = smaps;
    m.keep = m.adding = 0;
    m.pending.used = 0;
    m.brk_end = ((uint64_t)guest_brk(0) + 4095) & ~4095ULL;
    proc_each_line(src, maps_line, &m);
    flush_block(out, &m.pending, m.brk_end);
    spin_unlock(&maps_lock);
    raw_syscall1(SYS_close, src);
    return 0;
}
