/* The x32 system call emulator.  Most calls are "common": the x32 kernel
 * runs the native handler, so stripping X32_SYSCALL_BIT and forwarding the
 * six registers unchanged is exact (x32 glibc zero-extends pointers).  The
 * rest are dispatched here to translators. */
#include "core/core.h"
#include "loader/loader.h"
#include "syscalls/emulation.h"
#include "fastpath/fastpath.h"
#include "base/guest_mem.h"
#include "syscalls/paths.h"
#include "procfs/procfs.h"
#include "syscalls/uname_release.h"
#include "base/raw_syscall.h"
#include "signals/signals.h"
#include "syscalls/syscall_table.h"
#include "base/util.h"
#include "base/x32_abi.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>

long forward(struct thread_state *t, long nr, const greg_t *g)
{
    return safe_syscall(&t->signal_pending, nr, (long)ARG1(g), (long)ARG2(g),
                        (long)ARG3(g), (long)ARG4(g), (long)ARG5(g), (long)ARG6(g));
}

/* A refused call (call_table.c's refusals): named under X32_RUN_DEBUG=1. */
static long refuse(unsigned long nr, const struct refusal *f)
{
    const char *name = syscall_name(nr);
    debug_log("unsupported: %s (x32 syscall %lu): %s", name ? name : "?", nr, f->why);
    return -f->err;
}

/* The refusal that applies to this call with first argument arg1, or 0. */
static const struct refusal *refusal_for(const struct call_row *row, uint64_t arg1)
{
    for (const struct refusal *f = row->refused; f; f = f->next)
        if (!f->by_option || f->option == arg1)
            return f;
    return 0;
}

/* A call of the common rows (the x86-64 handler serves x32 too): its row's
 * handler, else its path redirected, else forwarded unchanged.  A memory call
 * with the rewrite fast path on gets its range's sites back before it, and no
 * site is rewritten until it is made. */
static long common_call(struct thread_state *t, ucontext_t *uc, unsigned long nr,
                        const struct call_row *row, const greg_t *g)
{
    int in_flight = (row->facts & CALL_MEMORY) && fastpath_enabled && fastpath_memory_call(nr, g);
    long r;
    if (row->handler)
        r = row->handler(t, uc, nr, g);
    else if (row->facts & CALL_PATH_REDIRECTED)
        r = call_redirected_path(t, uc, nr, g); /* stat, access, statx, openat2... */
    else
        r = forward(t, (long)nr, g);
    if (in_flight)
        fastpath_memory_call_done();
    return r;
}

static void trace_call(unsigned long nr, const greg_t *g, long r)
{
    const char *name = syscall_name(nr);
    int tid = (int)raw_syscall0(SYS_gettid);
    uint64_t a[6] = {ARG1(g), ARG2(g), ARG3(g), ARG4(g), ARG5(g), ARG6(g)};
    char args[6][48];
    const struct call_row *row = call_row(nr);
    int p = row ? row->path_arg : 0;
    for (int i = 0; i < 6; i++) {
        if (i + 1 == p && a[i]) {
            const char *s = (const char *)a[i];
            size_t n = 0;
            args[i][n++] = '"';
            while (*s && n < sizeof args[i] - 5)
                args[i][n++] = *s++;
            if (*s)
                args[i][n++] = '.', args[i][n++] = '.';
            args[i][n++] = '"';
            args[i][n] = 0;
        } else {
            str_fmt(args[i], sizeof args[i], "0x%lx", (unsigned long)a[i]);
        }
    }
    char result[24] = "?";
    if (r != -ENOSYS - 1000)
        str_from_long(result, sizeof result, r);
    fd_printf(2, "[x32 %d] %s(%s, %s, %s, %s, %s, %s) = %s\n", tid, name ? name : "?",
              args[0], args[1], args[2], args[3], args[4], args[5], result);
}

long emulate_syscall(struct thread_state *t, ucontext_t *uc, uint64_t raw_nr)
{
    greg_t *g = uc->uc_mcontext.gregs;
    unsigned long nr = raw_nr & ~X32_SYSCALL_BIT;
    const struct call_row *row = raw_nr > 0xffffffffUL ? 0 : call_row(nr);
    long r;
    /* Calls that may not come back are traced before they run, like strace's
     * "= ?"; their result line follows if they do return. */
    if (trace_enabled && row && (row->facts & CALL_MAY_NOT_RETURN))
        trace_call(nr, g, -ENOSYS - 1000);
    if (__atomic_load_n(&proc_lazy_waiting, __ATOMIC_RELAXED))
        proc_lazy_before_call(nr, g);
    const struct refusal *refused;
    if (!row)
        r = refuse(nr, &refused_no_such_call);
    else if (row->refused && (refused = refusal_for(row, ARG1(g))))
        r = refuse(nr, refused);
    else if (nr >= X32_NR_FIRST_SPECIFIC)
        r = row->handler ? row->handler(t, uc, nr, g) : refuse(nr, &refused_no_translator);
    else if (row->facts & CALL_NATIVE_ONLY)
        r = refuse(nr, &refused_native_only);
    else
        r = common_call(t, uc, nr, row, g);
    if (__atomic_load_n(&proc_lazy_waiting, __ATOMIC_RELAXED))
        proc_lazy_after_call(nr, g, r);
    if (trace_enabled)
        trace_call(nr, g, r == KEEP_RAX ? (long)g[REG_RAX] : r);
    return r;
}

void syscalls_install(void)
{
    call_table = x32_call_rows;
    trap_hooks.emulate = emulate_syscall;
}
