/* gdb's software breakpoints (Z0/z0, and the stub's own one at the first
 * instruction): an int3 written over the first byte of an instruction through
 * gdb_mem_write, the original byte kept here.  Memory reads show the original
 * bytes, as a ptrace stub's would, so gdb's prologue analysis sees real code. */
#include "gdb/stub/stub.h"

#define MAX_BREAKPOINTS 256

struct breakpoint {
    uint64_t addr;
    unsigned char orig;
    int used, internal;
};
static struct breakpoint bps[MAX_BREAKPOINTS];

static struct breakpoint *find_bp(uint64_t addr)
{
    for (int i = 0; i < MAX_BREAKPOINTS; i++)
        if (bps[i].used && bps[i].addr == addr)
            return &bps[i];
    return 0;
}

static int insert_bp(uint64_t addr, int internal)
{
    struct breakpoint *b = find_bp(addr);
    if (b) {
        b->internal &= internal;
        return 0;
    }
    for (int i = 0; i < MAX_BREAKPOINTS; i++) {
        if (bps[i].used)
            continue;
        unsigned char int3 = 0xcc;
        if (gdb_mem_read(addr, &bps[i].orig, 1) || gdb_mem_write(addr, &int3, 1))
            return -1;
        bps[i] = (struct breakpoint){addr, bps[i].orig, 1, internal};
        return 0;
    }
    return -1;
}

static int remove_bp(struct breakpoint *b)
{
    if (!b)
        return -1;
    b->used = 0;
    return gdb_mem_write(b->addr, &b->orig, 1);
}

static void remove_all_bps(void)
{
    for (int i = 0; i < MAX_BREAKPOINTS; i++)
        if (bps[i].used)
            remove_bp(&bps[i]);
}

/* Memory reads show the original bytes under breakpoints, as ptrace-based
 * stubs do after removing them, so gdb's prologue analysis sees real code. */
static int read_clean(uint64_t addr, unsigned char *buf, size_t n)
{
    if (gdb_mem_read(addr, buf, n))
        return -1;
    for (int i = 0; i < MAX_BREAKPOINTS; i++)
        if (bps[i].used && bps[i].addr >= addr && bps[i].addr < addr + n)
            buf[bps[i].addr - addr] = bps[i].orig;
    return 0;
}

int gdb_bp_insert(uint64_t addr, int internal) { return insert_bp(addr, internal); }
int gdb_bp_remove(uint64_t addr) { return remove_bp(find_bp(addr)); }
void gdb_bp_remove_all(void) { remove_all_bps(); }
int gdb_bp_read(uint64_t addr, unsigned char *buf, size_t n) { return read_clean(addr, buf, n); }

int gdb_bp_at(uint64_t addr, int *internal)
{
    struct breakpoint *b = find_bp(addr);
    if (b && internal)
        *internal = b->internal;
    return b != 0;
}
