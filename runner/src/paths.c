#include "paths.h"
#include "raw_syscall.h"
#include "util.h"
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

static char sysroot[PATH_BUF] = "/";
static char guest_exe[PATH_BUF];

void paths_init(const char *root, const char *exe)
{
    str_copy(sysroot, sizeof sysroot, root && *root ? root : "/");
    size_t n = str_len(sysroot);
    while (n > 1 && sysroot[n - 1] == '/')
        sysroot[--n] = 0;
    str_copy(guest_exe, sizeof guest_exe, exe);
}

const char *current_sysroot(void) { return sysroot; }
const char *guest_exe_path(void) { return guest_exe; }

static int is_decimal_then(const char *s, const char *tail)
{
    if (*s < '0' || *s > '9')
        return 0;
    while (*s >= '0' && *s <= '9')
        s++;
    return str_eq(s, tail);
}

const char *own_proc_entry(const char *p)
{
    if (str_starts(p, "/proc/self/"))
        return p + 11;
    if (str_starts(p, "/proc/thread-self/"))
        return p + 18;
    if (!str_starts(p, "/proc/") || p[6] < '0' || p[6] > '9')
        return 0;
    char own[24];
    size_t k = str_from_long(own, sizeof own, raw_syscall0(SYS_getpid));
    if (!str_starts(p + 6, own) || p[6 + k] != '/')
        return 0;
    return p + 7 + k;
}

int is_proc_self_exe(const char *p)
{
    const char *rest = own_proc_entry(p);
    if (!rest)
        return 0;
    /* exe, and task/<tid>/exe */
    return str_eq(rest, "exe") || (str_starts(rest, "task/") && is_decimal_then(rest + 5, "/exe"));
}

const char *redirect_path(const char *path, char *buf, size_t cap)
{
    if (is_proc_self_exe(path))
        return guest_exe;
    if (sysroot[1] == 0)
        return path;
    if (!str_starts(path, "/libx32/") && !str_starts(path, "/usr/libx32/") &&
        !str_starts(path, "/lib/ld-linux-x32"))
        return path;
    if (str_copy(buf, cap, sysroot) >= cap || str_cat(buf, cap, path) >= cap)
        return path;
    if (raw_syscall4(SYS_faccessat, AT_FDCWD, buf, F_OK, 0) == 0)
        return buf;
    /* A merged-/usr sysroot may have only usr/libx32 (its /libx32 would be
     * a symlink on a real system). */
    if (str_starts(path, "/libx32/") &&
        str_copy(buf, cap, sysroot) < cap && str_cat(buf, cap, "/usr") < cap &&
        str_cat(buf, cap, path) < cap &&
        raw_syscall4(SYS_faccessat, AT_FDCWD, buf, F_OK, 0) == 0)
        return buf;
    return path;
}
