/* tests/vm/syscall_table/proc_self.c: what /proc shows of the program's own memory,
 * normalised: the [vdso], [stack] and [heap] lines of maps and smaps (under
 * /proc/self, /proc/<pid>, /proc/thread-self and task/<tid>), and the fields of
 * /proc/self/stat and status that an x32 kernel takes from the program's mm. */

#include "syscall_table.h"

extern void *__libc_stack_end;

/* The range of the line named `name` in `path`, or containing `addr` when name is
 * NULL; the number of such lines. */
static int find_line(const char *path, const char *name, unsigned long addr,
                     unsigned long *lo, unsigned long *hi)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char buf[512];
    int found = 0;
    while (fgets(buf, sizeof buf, f)) {
        unsigned long a, b;
        char n[64] = "";
        if (sscanf(buf, "%lx-%lx %*s %*s %*s %*s %63s", &a, &b, n) < 2)
            continue;
        if ((name && !strcmp(n, name)) || (!name && a <= addr && addr < b)) {
            *lo = a;
            *hi = b;
            found++;
        }
    }
    fclose(f);
    return found;
}

static void labels(const char *tag, const char *path, unsigned long heap)
{
    unsigned long lo = 0, hi = 0;
    int local = 0;
    int n = find_line(path, "[vdso]", 0, &lo, &hi);
    out("%s-vdso=%d/%s", tag, n, lo == getauxval(AT_SYSINFO_EHDR) ? "at_sysinfo_ehdr" : "other");
    n = find_line(path, "[stack]", 0, &lo, &hi);
    out("%s-stack=%d/%s", tag, n,
        lo <= (unsigned long)&local && (unsigned long)&local < hi ? "holds_sp" : "other");
    n = find_line(path, "[heap]", 0, &lo, &hi);
    out("%s-heap=%d/%s", tag, n, lo <= heap && heap < hi ? "holds_brk" : "other");
    n = find_line(path, NULL, 0xffffffffUL + 0x1000, &lo, &hi);
    out("%s-above4G=%d", tag, n);
}

void case_proc_self_maps(void)
{
    char *heap = sbrk(8192);
    heap[1] = 1;
    char pid_maps[64], task_smaps[64];
    snprintf(pid_maps, sizeof pid_maps, "/proc/%d/maps", (int)getpid());
    snprintf(task_smaps, sizeof task_smaps, "/proc/self/task/%d/smaps", (int)gettid());
    labels("maps", "/proc/self/maps", (unsigned long)heap + 1);
    labels("pid", pid_maps, (unsigned long)heap + 1);
    labels("thread-self", "/proc/thread-self/maps", (unsigned long)heap + 1);
    labels("smaps", "/proc/self/smaps", (unsigned long)heap + 1);
    labels("task-smaps", task_smaps, (unsigned long)heap + 1);
}

static unsigned long long stat_field(int field)
{
    char buf[2048];
    FILE *f = fopen("/proc/self/stat", "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    for (int i = 2; p && i < field; i++)
        p = strchr(p + 1, ' ');
    return p ? strtoull(p + 1, NULL, 10) : 0;
}

void case_proc_self_stat(void)
{
    extern int main(int, char **);
    unsigned long m = (unsigned long)(uintptr_t)main;
    out("code=%s", stat_field(26) <= m && m < stat_field(27) ? "holds_main" : "other");
    out("data=%s", stat_field(27) <= stat_field(45) && stat_field(45) < stat_field(46) &&
                           stat_field(46) <= stat_field(47) ? "ordered" : "other");
    out("brk=%s", stat_field(47) <= (unsigned long)(uintptr_t)sbrk(0) ? "below_break" : "other");
    out("startstack=%s", stat_field(28) == (unsigned long)(uintptr_t)__libc_stack_end
                             ? "libc_stack_end" : "other");
    /* The argument and environment strings: what cmdline and environ show. */
    char cmd[4096];
    FILE *f = fopen("/proc/self/cmdline", "r");
    size_t n = f ? fread(cmd, 1, sizeof cmd, f) : 0;
    if (f)
        fclose(f);
    unsigned long long a0 = stat_field(48), a1 = stat_field(49);
    out("args=%s", a1 - a0 == n && !memcmp((void *)(uintptr_t)a0, cmd, n) ? "cmdline" : "other");
    out("env=%s", environ[0] && stat_field(50) == (unsigned long)(uintptr_t)environ[0] &&
                          stat_field(51) > stat_field(50) ? "environ" : "other");
    out("vsize=%s", stat_field(23) < (1ULL << 32) ? "<4G" : ">=4G");
    f = fopen("/proc/self/status", "r");
    char buf[256];
    unsigned long stk = 0, size = 0;
    while (f && fgets(buf, sizeof buf, f)) {
        sscanf(buf, "VmStk: %lu kB", &stk);
        sscanf(buf, "VmSize: %lu kB", &size);
    }
    if (f)
        fclose(f);
    out("VmStk=%s VmSize=%s", stk >= 4 && stk <= 512 * 1024 ? "plausible" : "other",
        size > stk && size < 4UL * 1024 * 1024 ? "<4G" : "other");
}
