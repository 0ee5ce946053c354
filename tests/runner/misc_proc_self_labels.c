/* misc_proc_self_labels: what an x32 kernel shows of the program's own memory
 * in /proc: the [vdso] line of maps starts at AT_SYSINFO_EHDR, the [stack] line
 * holds the stack, the [heap] line the break, and smaps has the same mappings;
 * /proc/<pid>/, /proc/thread-self/ and /proc/self/task/<tid>/ show the same.
 * /proc/self/stat's startcode/endcode enclose main, startstack is argc's
 * address, arg_start..env_end are the strings' ranges; status has a VmStk. */
#define _GNU_SOURCE
#include "check.h"
#include <sys/auxv.h>
#include <sys/syscall.h>

extern char **environ;

struct line {
    unsigned long lo, hi;
    char name[64];
};

/* The mapping of `path` (maps or smaps) whose name is `name`, or containing `addr`. */
static int find(const char *path, const char *name, unsigned long addr, struct line *out)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char buf[512];
    int found = 0;
    while (fgets(buf, sizeof buf, f)) {
        struct line l = {0};
        if (sscanf(buf, "%lx-%lx %*s %*s %*s %*s %63s", &l.lo, &l.hi, l.name) < 2)
            continue; /* an smaps field line */
        if ((name && strcmp(l.name, name) == 0) || (!name && l.lo <= addr && addr < l.hi)) {
            *out = l;
            found++;
        }
    }
    fclose(f);
    return found;
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
    if (!p)
        return 0;
    p += 2;
    for (int i = 3; i < field && p; i++) {
        p = strchr(p, ' ');
        if (p)
            p++;
    }
    return p ? strtoull(p, 0, 10) : 0;
}

int main(int argc, char **argv)
{
    const char *views[4];
    /* Printed without the pid, so that every run prints the same. */
    static const char *const view_names[4] = {"/proc/self/maps", "/proc/<pid>/maps",
                                              "/proc/thread-self/maps",
                                              "/proc/self/task/<tid>/maps"};
    char pid_maps[64], task_maps[64];
    snprintf(pid_maps, sizeof pid_maps, "/proc/%d/maps", (int)getpid());
    snprintf(task_maps, sizeof task_maps, "/proc/self/task/%d/maps", (int)syscall(SYS_gettid));
    views[0] = "/proc/self/maps";
    views[1] = pid_maps;
    views[2] = "/proc/thread-self/maps";
    views[3] = task_maps;
    char *heap = sbrk(8192);
    REQUIRE(heap != (void *)-1);
    heap[100] = 1;
    int local = 0;

    for (int v = 0; v < 4; v++) {
        struct line l;
        fprintf(stderr, "checking %s\n", view_names[v]);
        CHECK_EQ(find(views[v], "[vdso]", 0, &l), 1);
        CHECK_EQ(l.lo, getauxval(AT_SYSINFO_EHDR));
        CHECK_EQ(find(views[v], "[stack]", 0, &l), 1);
        CHECK(l.lo <= (unsigned long)&local && (unsigned long)&local < l.hi);
        CHECK_EQ(find(views[v], "[heap]", 0, &l), 1);
        CHECK(l.lo <= (unsigned long)heap + 100 && (unsigned long)heap + 100 < l.hi);
    }
    struct line m, s;
    CHECK_EQ(find("/proc/self/smaps", "[stack]", 0, &s), 1);
    CHECK_EQ(find("/proc/self/maps", "[stack]", 0, &m), 1);
    CHECK_EQ(s.lo, m.lo);
    CHECK_EQ(find("/proc/self/smaps", "[vdso]", 0, &s), 1);
    if (IS_X32) /* nothing above the 4 GiB an x32 task has */
        CHECK_EQ(find("/proc/self/smaps", 0, 0xffffffffUL + 0x1000, &s), 0);

    unsigned long main_addr = (unsigned long)(uintptr_t)main;
    CHECK(stat_field(26) <= main_addr && main_addr < stat_field(27));
    CHECK(stat_field(27) <= stat_field(46));
    CHECK(stat_field(45) < stat_field(46));
    CHECK(stat_field(46) <= stat_field(47));
    CHECK(stat_field(47) <= (unsigned long)(uintptr_t)sbrk(0));
    /* startstack: argc's word, right under argv */
    CHECK_EQ(stat_field(28), (unsigned long)(uintptr_t)argv - sizeof(long));
    CHECK_EQ(stat_field(48), (unsigned long)(uintptr_t)argv[0]);
    CHECK_EQ(stat_field(49), (unsigned long)(uintptr_t)argv[argc - 1] + strlen(argv[argc - 1]) + 1);
    if (environ && environ[0])
        CHECK_EQ(stat_field(50), (unsigned long)(uintptr_t)environ[0]);
    CHECK(stat_field(51) > stat_field(50));
    if (IS_X32)
        CHECK(stat_field(23) < (1ULL << 32)); /* vsize */

    FILE *f = fopen("/proc/self/status", "r");
    REQUIRE(f);
    char buf[256];
    unsigned long stk = 0, size = 0;
    while (fgets(buf, sizeof buf, f)) {
        sscanf(buf, "VmStk: %lu kB", &stk);
        sscanf(buf, "VmSize: %lu kB", &size);
    }
    fclose(f);
    CHECK(stk >= 4);
    CHECK(size > stk);
    if (IS_X32)
        CHECK(size < (4UL << 20));
    return check_done();
}
