/* misc_maps_unchanged: making system calls adds no mapping the program can
 * see, and every range its own view calls free can really be mapped.
 * On the kernel system calls never map anything; x32-run's rewrite fast path
 * adds stub regions after a few thousand calls, which must stay out of
 * /proc/self/maps, smaps and numa_maps, and must make way (not kill the
 * program) when the program maps over one with MAP_FIXED_NOREPLACE.  Built
 * dynamic here; static_maps_unchanged.c is the same test linked -static
 * (its sites sit at 0x400000, out of reach of the stubs above 4 GiB). */
#include "check.h"
#include "fastpath_site.h"
#include <sys/mman.h>
#include <sys/syscall.h>

struct view {
    int lines, exec, smaps_headers, numa_lines;
};

static int is_header(const char *line)
{
    unsigned long long lo, hi;
    char c;
    return sscanf(line, "%llx-%llx %c", &lo, &hi, &c) == 3;
}

static struct view look(void)
{
    struct view v = {0, 0, 0, 0};
    char line[1024];
    FILE *f = fopen("/proc/self/maps", "r");
    REQUIRE(f != NULL);
    while (fgets(line, sizeof line, f)) {
        char perms[8] = "";
        v.lines++;
        if (sscanf(line, "%*llx-%*llx %7s", perms) == 1 && perms[2] == 'x')
            v.exec++;
    }
    fclose(f);
    f = fopen("/proc/self/smaps", "r");
    REQUIRE(f != NULL);
    while (fgets(line, sizeof line, f))
        v.smaps_headers += is_header(line);
    fclose(f);
    f = fopen("/proc/self/numa_maps", "r");
    if (f) { /* only on kernels built with NUMA */
        while (fgets(line, sizeof line, f))
            v.numa_lines++;
        fclose(f);
    }
    return v;
}

/* Calls through three kinds of site: this program's raw one, libc's
 * getppid wrapper, libc's syscall() and a read of 0 bytes. */
static long many_calls(int n)
{
    long bad = 0, parent = (long)getppid();
    long long out[5];
    char c;
    for (int i = 0; i < n; i++) {
        site_leaf(out);
        bad += out[0] != parent;
        bad += getppid() != parent;
        bad += syscall(SYS_getppid) != parent;
        bad += read(0, &c, 0) != 0;
    }
    return bad;
}

/* Maps every gap below 3.75 GiB that /proc/self/maps shows, PROT_NONE and
 * MAP_FIXED_NOREPLACE: on the kernel each is free.  Returns how many failed;
 * records them in fills[] for fill_undo. */
#define MAX_FILLS 512
static struct { unsigned long long lo, len; } fills[MAX_FILLS];
static int nfills;

static int fill_gaps(void)
{
    static char maps[256 * 1024];
    FILE *f = fopen("/proc/self/maps", "r");
    REQUIRE(f != NULL);
    size_t n = fread(maps, 1, sizeof maps - 1, f);
    fclose(f);
    maps[n] = 0;
    int failed = 0;
    unsigned long long prev_end = 0x10000;
    for (char *p = maps; *p;) {
        unsigned long long lo, hi;
        if (sscanf(p, "%llx-%llx", &lo, &hi) == 2) {
            unsigned long long gap_end = lo < 0xf0000000ULL ? lo : 0xf0000000ULL;
            /* In pieces of at most 1 GiB: musl's mmap refuses a length of
             * PTRDIFF_MAX (2 GiB on x32) or more, as the kernel would not. */
            for (unsigned long long at = prev_end; at < gap_end && nfills < MAX_FILLS;) {
                unsigned long long len = gap_end - at < (1ULL << 30) ? gap_end - at : 1ULL << 30;
                void *r = mmap((void *)(uintptr_t)at, len, PROT_NONE,
                               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
                                   MAP_FIXED_NOREPLACE,
                               -1, 0);
                if (r == MAP_FAILED || (uintptr_t)r != at) {
                    fprintf(stderr, "  gap %llx-%llx: %s\n", at, at + len,
                            r == MAP_FAILED ? strerror(errno) : "moved");
                    failed++;
                    break;
                }
                fills[nfills].lo = at;
                fills[nfills++].len = len;
                at += len;
            }
            if (hi > prev_end)
                prev_end = hi;
        }
        char *nl = strchr(p, '\n');
        if (!nl)
            break;
        p = nl + 1;
    }
    return failed;
}

static void fill_undo(void)
{
    for (int i = 0; i < nfills; i++)
        munmap((void *)(uintptr_t)fills[i].lo, fills[i].len);
    nfills = 0;
}

int main(void)
{
    struct view before = look(); /* first: before any site could be rewritten */
    CHECK_EQ(many_calls(3000), 0);
    struct view after = look();
    CHECK_EQ(after.lines, before.lines);
    CHECK_EQ(after.exec, before.exec);
    CHECK_EQ(after.smaps_headers, before.smaps_headers);
    CHECK_EQ(after.numa_lines, before.numa_lines);

    if (IS_X32) {
        CHECK_EQ(fill_gaps(), 0);
        CHECK_EQ(many_calls(2000), 0); /* the sites still answer right */
        fill_undo();
        CHECK_EQ(many_calls(2000), 0);
        struct view last = look();
        CHECK_EQ(last.exec, before.exec);
    }
    return check_done();
}
