/* The names by which a process reaches its own /proc entries (procfs.h). */
#include "procfs/procfs.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <sys/syscall.h>

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
