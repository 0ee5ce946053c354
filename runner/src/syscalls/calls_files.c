/* The files family's handlers (rows in call_table.c): a call whose row names a
 * path argument with CALL_PATH_REDIRECTED sees the sysroot, -L and
 * /proc/self/exe redirection (paths.c); open of the program's own /proc files
 * gets what an x32 task would show (procfs/). */
#include "syscalls/emulation.h"
#include "procfs/procfs.h"
#include "base/util.h"
#include <errno.h>

const char *call_path(unsigned long nr, const greg_t *g)
{
    const struct call_row *row = call_row(nr);
    if (!row || !row->path_arg)
        return 0;
    return (const char *)call_arg(g, row->path_arg);
}

long call_redirected_path(struct thread_state *t, ucontext_t *uc, unsigned long nr,
                          const greg_t *g)
{
    (void)uc;
    char buf[PATH_BUF];
    uint64_t a[6];
    for (int i = 0; i < 6; i++)
        a[i] = call_arg(g, i + 1);
    int idx = call_row(nr)->path_arg;
    const char *p = (const char *)a[idx - 1];
    if (p && p[0] == '/') {
        const char *r = redirect_path(p, buf, sizeof buf);
        if (r != p)
            a[idx - 1] = (uint64_t)(uintptr_t)r;
    }
    return safe_syscall(&t->signal_pending, (long)nr, (long)a[0], (long)a[1], (long)a[2],
                        (long)a[3], (long)a[4], (long)a[5]);
}

/* open, openat: the program's own /proc/self files first.  The flags follow the path. */
long call_open(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    long fd = open_proc_self(call_path(nr, g), (long)call_arg(g, call_row(nr)->path_arg + 1));
    return fd ? fd : call_redirected_path(t, uc, nr, g);
}

/* readlink, readlinkat: /proc/self/exe names the program, not the runner. */
long call_readlink(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    /* (path, buf, size), after readlinkat's dirfd */
    int path_arg = call_row(nr)->path_arg;
    const char *p = call_path(nr, g);
    char *out = (char *)call_arg(g, path_arg + 1);
    long size = (long)(int)call_arg(g, path_arg + 2);
    if (p && is_proc_self_exe(p)) {
        if (size <= 0)
            return -EINVAL;
        const char *exe = guest_exe_path();
        long n = (long)str_len(exe);
        if (n > size)
            n = size;
        mem_copy(out, exe, (size_t)n);
        return n;
    }
    return call_redirected_path(t, uc, nr, g);
}
