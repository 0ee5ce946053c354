/* The rewrite fast path's stub regions: where the 16-byte stubs a rewritten
 * site jumps to live (fastpath_regions.h).
 *
 * Regions sit just above 4 GiB where a site can reach them (libraries,
 * which the kernel maps high): there no x32 program can see, map or touch
 * them.  A site below 2 GiB (a non-PIE or static executable) can only reach a
 * region below 4 GiB: /proc/self/maps and its kin leave such a region out
 * (proc_self_maps.c), and when the program maps, unmaps or protects over it,
 * its sites get their bytes back and the region goes (fastpath_patch.c), so
 * the program's call acts as on the kernel.  The `syscall` the hook's slow
 * exit runs must lie below 4 GiB, where SUD traps: it is in the vDSO shim
 * (vdso_shim.S), which the program sees anyway; a process without a vDSO
 * uses low regions only, the first of which holds it and is never dropped. */
#include "base/x32_abi.h"
#include "fastpath/fastpath_internal.h"
#include "fastpath/fastpath_regions.h"
#include "fastpath/fastpath_fs.h"
#include "fastpath/procmap.h"
#include "core/core.h"
#include "loader/loader.h"
#include <sys/mman.h>

extern char fast_hook_entry[], fast_hook_entry_fs[];

#define FIRST_STUB 16 /* offset 0: hlts (or, see redeliver_low, the slow exit's `syscall`);
                       * 8: the hook's address */
#define MAX_REGIONS 8

/* Where the high regions go: the first 64 KiB slots above 4 GiB, which the
 * VA steal (address_space.c) covers with its own PROT_NONE placeholders. */
#define HIGH_REGIONS_BASE GUEST_LIMIT

static uint64_t regions[MAX_REGIONS];
static uint32_t region_used[MAX_REGIONS];
static int nregions;

/* Without a vDSO shim: the first low region, whose offset 0 is a `syscall`. */
static uint64_t redeliver_low;

uint64_t fastpath_redeliver_address(void)
{
    return vdso_redeliver_address ? vdso_redeliver_address : redeliver_low;
}

int fastpath_in_stub_region(uint64_t addr)
{
    for (int i = 0; i < nregions; i++)
        if (regions[i] && addr - regions[i] < REGION_SIZE)
            return 1;
    return 0;
}

int fastpath_hidden_range(uint64_t start, uint64_t end)
{
    for (int i = 0; i < nregions; i++)
        if (regions[i] && start >= regions[i] && end <= regions[i] + REGION_SIZE)
            return 1;
    return 0;
}

static int reachable(uint64_t from, uint64_t to)
{
    int64_t d = (int64_t)to - (int64_t)from;
    return d >= INT32_MIN && d <= INT32_MAX - 64;
}

/* 1 when [addr, addr + REGION_SIZE) is one of the VA steal's placeholders
 * (anonymous, no access), which a high region may replace. */
static int placeholder_at(uint64_t addr)
{
    struct procmap_query q;
    long r = procmap_query_at(addr, &q);
    return r == 0 && q.vma_start <= addr && q.vma_end >= addr + REGION_SIZE &&
           !(q.vma_flags & (PM_READ | PM_WRITE | PM_EXEC | PM_SHARED)) && q.inode == 0;
}

/* A new region: above 4 GiB when `high` (the first free placeholder slot),
 * else where the kernel puts it below 4 GiB, near hint. */
static uint64_t map_region(uint64_t hint, int high)
{
    long r = -1;
    if (high) {
        for (uint64_t at = HIGH_REGIONS_BASE; at < HIGH_REGIONS_BASE + 64 * REGION_SIZE;
             at += REGION_SIZE)
            if (placeholder_at(at)) {
                r = raw_syscall6(SYS_mmap, at, REGION_SIZE, PROT_READ | PROT_WRITE,
                                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
                break;
            }
        if (raw_failed(r))
            return 0;
    } else {
        /* MAP_NORESERVE: its own VMA flags, so the kernel never merges the region
         * into a neighbour (its line could not be left out of /proc/self/maps). */
        r = raw_syscall6(SYS_mmap, hint, REGION_SIZE, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (raw_failed(r))
            return 0;
        if ((uint64_t)r + REGION_SIZE > X32_TASK_SIZE) {
            raw_syscall2(SYS_munmap, r, REGION_SIZE);
            return 0;
        }
    }
    unsigned char *p = (unsigned char *)r;
    /* hlt between and after stubs: a jump there faults with SIGSEGV, as a jump
     * to an address with no mapping would on the kernel.  Only the first page
     * now; the others stay PROT_NONE (a jump there faults too) until a stub
     * needs one (stub_new): filling all 16 cost 16 page faults per region, a
     * visible part of a short program's start. */
    mem_set(p, 0xf4, 4096);
    if (!high && !vdso_redeliver_address && !redeliver_low) {
        p[0] = 0x0f, p[1] = 0x05, p[2] = 0x0f, p[3] = 0x0b; /* syscall; ud2 */
        p[4] = 0x0f, p[5] = 0x05, p[6] = 0x0f, p[7] = 0x0b; /* the %fs entry's miss */
    }
    uint64_t hook = (uint64_t)(fastpath_fs_mode ? fast_hook_entry_fs : fast_hook_entry);
    mem_copy(p + 8, &hook, 8);
    raw_syscall3(SYS_mprotect, r, 4096, PROT_READ | PROT_EXEC);
    raw_syscall3(SYS_mprotect, r + 4096, REGION_SIZE - 4096, PROT_NONE);
    return (uint64_t)r;
}

/* A free stub within jump range of `site` (the `syscall`); 0 if none.  `code`
 * (len bytes) is the instruction the patch replaced and any instruction
 * between it and the `syscall`, run again in the stub (mov $nr,%eax, or
 * syscall()'s mov 8(%rsp),%r9, which reads the same stack: the stub runs on
 * it untouched). */
/* Set when no region in reach of a site could be mapped: the program holds
 * the room (static_maps_unchanged maps every gap).  Until it unmaps
 * something, no trap tries again: three mmaps and munmaps at each trap made
 * its calls 50 times slower. */
static int room_taken;

void stub_room_freed(void) { room_taken = 0; }

/* Where in a region whose first `used` bytes are taken a stub of `size` goes:
 * a stub stays on one page (its page is made writable alone). */
static uint32_t stub_offset(uint32_t used, uint32_t size)
{
    return (used & 4095) + size > 4096 ? (used + 4095) & ~4095u : used;
}

/* What a stub sets before it jumps to the hook: %ecx = the return address
 * (mov $ret,%ecx), or for the %fs-anchored entry %rcx = nr << 32 | return
 * (fastpath_entry.S): a movabs when code starts with mov $nr,%eax, else
 * (syscall()'s sites, nr only known at run time) shlx, which leaves the flags
 * alone, where BMI2 has it.  Its length, or 0 when this site cannot have one. */
static int stub_return(unsigned char *out, const unsigned char *code, uint32_t ret)
{
    if (!fastpath_fs_mode) {
        out[0] = 0xb9; /* mov $ret,%ecx: what `syscall` would leave there */
        mem_copy(out + 1, &ret, 4);
        return 5;
    }
    if (code[0] == 0xb8) {
        uint32_t nr;
        mem_copy(&nr, code + 1, 4);
        uint64_t packed = (uint64_t)nr << 32 | ret;
        out[0] = 0x48, out[1] = 0xb9; /* movabs $packed,%rcx */
        mem_copy(out + 2, &packed, 8);
        return 10;
    }
    if (!fastpath_fs_shlx)
        return 0;
    static const unsigned char shift[] = {
        0x41, 0xbb, 32, 0, 0, 0,      /* mov $32,%r11d */
        0xc4, 0xe2, 0xa1, 0xf7, 0xc8, /* shlx %r11,%rax,%rcx */
        0x41, 0xbb,                   /* mov $ret,%r11d ... */
    };
    mem_copy(out, shift, sizeof shift);
    mem_copy(out + sizeof shift, &ret, 4);
    out[sizeof shift + 4] = 0x4a, out[sizeof shift + 5] = 0x8d; /* lea (%rcx,%r11),%rcx */
    out[sizeof shift + 6] = 0x0c, out[sizeof shift + 7] = 0x19;
    return (int)sizeof shift + 8;
}

uint64_t stub_new(uint64_t site, const unsigned char *code_in, int len)
{
    /* code, the return (stub_return), jmp *hook(%rip) (6): on one page */
    unsigned char ret_code[24];
    int ret_len = len >= 5 ? stub_return(ret_code, code_in, (uint32_t)(site + 2)) : 0;
    uint32_t size = (uint32_t)(len + ret_len + 6 + 15) & ~15u;
    if (len < 5 || !ret_len || size > 48)
        return 0;
    int i, high_ok = vdso_redeliver_address != 0 && reachable(site, HIGH_REGIONS_BASE);
    for (i = 0; i < nregions; i++)
        if (regions[i] && reachable(site, regions[i]) && stub_offset(region_used[i], size) +
            size <= REGION_SIZE)
            break;
    if (i == nregions && room_taken)
        return 0;
    if (i == nregions) {
        for (i = 0; i < nregions && regions[i]; i++)
            ; /* an evicted slot, else a new one */
        if (i == MAX_REGIONS)
            return 0;
        /* above 4 GiB, else the kernel's choice (next to the libraries), else
         * near the site */
        uint64_t r = high_ok ? map_region(0, 1) : 0;
        if (r && !reachable(site, r)) {
            raw_syscall2(SYS_munmap, r, REGION_SIZE);
            refill_high(r, REGION_SIZE);
            r = 0;
        }
        if (!r)
            r = map_region(0, 0);
        if (r && !reachable(site, r)) {
            raw_syscall2(SYS_munmap, r, REGION_SIZE);
            r = map_region((site & ~0xffffULL) + 0x1000000, 0);
        }
        if (!r || !reachable(site, r)) {
            if (r)
                raw_syscall2(SYS_munmap, r, REGION_SIZE);
            room_taken = 1;
            return 0;
        }
        regions[i] = r;
        region_used[i] = FIRST_STUB;
        if (i == nregions)
            nregions++;
        if (!vdso_redeliver_address && !redeliver_low)
            redeliver_low = r;
    }
    region_used[i] = stub_offset(region_used[i], size);
    uint64_t stub = regions[i] + region_used[i];
    unsigned char code[48];
    int jmp_at = len + ret_len;
    int32_t rel = (int32_t)((regions[i] + 8) - (stub + (uint64_t)jmp_at + 6));
    mem_set(code, 0xf4, sizeof code);
    mem_copy(code, code_in, (size_t)len);
    mem_copy(code + len, ret_code, (size_t)ret_len);
    code[jmp_at] = 0xff, code[jmp_at + 1] = 0x25; /* jmp *hook(%rip) */
    mem_copy(code + jmp_at + 2, &rel, 4);
    fastpath_fs_set_miss_address(fastpath_redeliver_address());
    uint64_t page = stub & ~4095ULL;
    /* Other threads run the page's earlier stubs meanwhile: it stays executable. */
    if (raw_syscall3(SYS_mprotect, page, 4096, PROT_READ | PROT_WRITE | PROT_EXEC))
        return 0;
    if (stub == page)
        mem_set((void *)page, 0xf4, 4096); /* a page no stub used yet (map_region) */
    mem_copy((void *)stub, code, size);
    raw_syscall3(SYS_mprotect, page, 4096, PROT_READ | PROT_EXEC);
    region_used[i] += size;
    return stub;
}

int stub_low_regions(void)
{
    for (int i = 0; i < nregions; i++)
        if (regions[i] && regions[i] < GUEST_LIMIT)
            return 1;
    return 0;
}

uint64_t stub_region_in_way(uint64_t addr, uint64_t end)
{
    for (int r = 0; r < nregions; r++)
        if (regions[r] && regions[r] < GUEST_LIMIT && addr < regions[r] + REGION_SIZE &&
            end > regions[r])
            return regions[r];
    return 0;
}

int stub_region_keeps_redeliver(uint64_t base) { return base == redeliver_low; }

void stub_region_drop(uint64_t base)
{
    for (int r = 0; r < nregions; r++)
        if (regions[r] == base) {
            raw_syscall2(SYS_munmap, base, REGION_SIZE);
            debug_log("rewrite: stub region %p left to the program", (void *)(uintptr_t)base);
            regions[r] = 0;
            region_used[r] = 0;
        }
}
