/* The rewrite fast path (the default), the patching side: which trapped sites qualify, the
 * stub regions, the atomic rewrite, and undoing it when the guest remaps or
 * unprotects patched code.
 *
 * Stub regions sit just above 4 GiB where a site can reach them (libraries,
 * which the kernel maps high): there no x32 program can see, map or touch
 * them.  A site below 2 GiB (a non-PIE or static executable) can only reach a
 * region below 4 GiB: /proc/self/maps and its kin leave such a region out
 * (proc_self_maps.c), and when the program maps, unmaps or protects over it,
 * its sites get their bytes back and the region goes, so the program's call
 * acts as on the kernel (region_evict).  The `syscall` the hook's slow exit
 * runs must lie below 4 GiB, where SUD traps: it is in the vDSO shim
 * (vdso_shim.S), which the program sees anyway; a process without a vDSO
 * uses low regions only, the first of which holds it and is never evicted.
 *
 * A site qualifies when the 5 bytes before its `syscall` are `mov $nr,%eax`
 * with nr equal to the trapped %rax (so they really were the instruction that
 * ran), they lie inside one aligned 16-byte block (one cmpxchg16b replaces
 * them atomically for every thread, so no thread ever fetches half of the new
 * jump; an 8-byte word left the quarter of glibc's sites that cross one on
 * SUD), the mapping is private, executable and not writable (no shared file
 * is changed; no JIT buffer the guest rewrites at will), and the call needs
 * neither the signal frame nor the mask (fastpath_call_rewritable).  Anything
 * else stays on SUD.  The `syscall` bytes themselves are never touched. */
#include "fastpath/fastpath.h"
#include "base/guest_mem.h"
#include "base/raw_syscall.h"
#include "core/trap.h"
#include "base/util.h"
#include "base/x32_abi.h"
#include "base/x32_syscalls.h"
#include "core/address_space.h"
#include "loader/vdso.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>

extern char fast_hook_entry[];

/* Linux 6.11's PROCMAP_QUERY (the installed headers may predate it): one
 * ioctl on /proc/self/maps describes the mapping at an address. */
struct procmap_query {
    uint64_t size, query_flags, query_addr, vma_start, vma_end, vma_flags;
    uint64_t vma_page_size, vma_offset, inode;
    uint32_t dev_major, dev_minor, vma_name_size, build_id_size;
    uint64_t vma_name_addr, build_id_addr;
};
#define PROCMAP_QUERY _IOWR('f', 17, struct procmap_query)
#define PM_READ 1
#define PM_WRITE 2
#define PM_EXEC 4
#define PM_SHARED 8

#define REGION_SIZE (64 * 1024)
#define STUB_SIZE 16
#define FIRST_STUB 16 /* offset 0: hlts (or, see redeliver_low, the slow exit's `syscall`);
                       * 8: the hook's address */
#define MAX_REGIONS 8
#define MAX_SITES 8192

struct site {
    uint64_t block;       /* the aligned 16-byte block holding the patch */
    uint64_t original[2]; /* its bytes before, put back by fastpath_memory_call */
    uint64_t patched[2];
    uint64_t stub;        /* where its jump lands */
};

/* Where the high regions go: the first 64 KiB slots above 4 GiB, which the
 * VA steal (address_space.c) covers with its own PROT_NONE placeholders. */
#define HIGH_REGIONS_BASE 0x100000000ULL

static uint64_t regions[MAX_REGIONS];
static uint32_t region_used[MAX_REGIONS];
static int nregions;
static struct site sites[MAX_SITES];
static int nsites;
static int patch_lock;
#define REFUSED_SLOTS 1024
static uint64_t refused[REFUSED_SLOTS]; /* sites whose mapping said no */
/* A rewrite costs about as much as 10-15 traps (the mapping query, two
 * mprotects, a copied page), so a site is rewritten at its PATCH_AFTER-th
 * trap: start-up code that runs once stays on SUD. */
#define PATCH_AFTER 4
static struct {
    uint64_t site;
    unsigned traps;
} seen[REFUSED_SLOTS];

int fastpath_call_rewritable(unsigned long nr)
{
    switch (nr) {
    /* they read or rewrite the signal frame, the mask or the stack */
    case X32_NR_rt_sigreturn: case X32_NR_execve: case X32_NR_execveat:
    case X32_NR_sigaltstack: case SYS_rt_sigprocmask: case SYS_rt_sigsuspend:
    case SYS_ppoll: case SYS_pselect6: case SYS_epoll_pwait: case SYS_epoll_pwait2:
    case SYS_io_pgetevents: case SYS_clone: case SYS_clone3: case SYS_fork:
    case SYS_vfork: case SYS_exit: case SYS_exit_group:
    /* may take %gs, which the hook's exit reads (fastpath_gs.c) */
    case SYS_arch_prctl:
        return 0;
    default:
        return nr <= X32_NR_LAST_SPECIFIC;
    }
}

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
static int placeholder_at(uint64_t addr);

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
        if ((uint64_t)r + REGION_SIZE > 0xFFFFE000ULL) {
            raw_syscall2(SYS_munmap, r, REGION_SIZE);
            return 0;
        }
    }
    unsigned char *p = (unsigned char *)r;
    /* hlt between and after stubs: a jump there faults with SIGSEGV, as a jump
     * to an address with no mapping would on the kernel */
    mem_set(p, 0xf4, REGION_SIZE);
    if (!high && !vdso_redeliver_address && !redeliver_low)
        p[0] = 0x0f, p[1] = 0x05, p[2] = 0x0f, p[3] = 0x0b; /* syscall; ud2 */
    uint64_t hook = (uint64_t)fast_hook_entry;
    mem_copy(p + 8, &hook, 8);
    raw_syscall3(SYS_mprotect, r, REGION_SIZE, PROT_READ | PROT_EXEC);
    return (uint64_t)r;
}

/* A free stub within jump range of `site`; 0 if none.  `code` is the
 * instruction the patch replaced, run again in the stub (mov $nr,%eax, or
 * syscall()'s mov 8(%rsp),%r9, which reads the same stack: the stub runs on
 * it untouched). */
static uint64_t new_stub(uint64_t site, const unsigned char first[5])
{
    int i, high_ok = vdso_redeliver_address != 0;
    for (i = 0; i < nregions; i++)
        if (regions[i] && reachable(site, regions[i]) &&
            region_used[i] + STUB_SIZE <= REGION_SIZE)
            break;
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
            return 0;
        }
        regions[i] = r;
        region_used[i] = FIRST_STUB;
        if (i == nregions)
            nregions++;
        if (!vdso_redeliver_address && !redeliver_low)
            redeliver_low = r;
    }
    uint64_t stub = regions[i] + region_used[i];
    unsigned char code[STUB_SIZE];
    uint32_t ret = (uint32_t)(site + 2);
    int32_t rel = (int32_t)((regions[i] + 8) - (stub + 16));
    mem_copy(code, first, 5);
    code[5] = 0xb9; /* mov $ret,%ecx: what `syscall` would leave there */
    mem_copy(code + 6, &ret, 4);
    code[10] = 0xff, code[11] = 0x25; /* jmp *hook(%rip) */
    mem_copy(code + 12, &rel, 4);
    uint64_t page = stub & ~4095ULL;
    /* Other threads run the page's earlier stubs meanwhile: it stays executable. */
    if (raw_syscall3(SYS_mprotect, page, 4096, PROT_READ | PROT_WRITE | PROT_EXEC))
        return 0;
    mem_copy((void *)stub, code, sizeof code);
    raw_syscall3(SYS_mprotect, page, 4096, PROT_READ | PROT_EXEC);
    region_used[i] += STUB_SIZE;
    return stub;
}

/* Set when the kernel has no PROCMAP_QUERY (before Linux 6.11): then no site
 * is ever rewritten, and no trap asks again. */
static int procmap_missing;

/* The mapping at addr: its protection flags, or -1 when it must not be patched. */
static long mapping_flags(uint64_t addr)
{
    long fd = raw_syscall4(SYS_openat, AT_FDCWD, "/proc/self/maps", O_RDONLY | O_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    struct procmap_query q;
    mem_set(&q, 0, sizeof q);
    q.size = sizeof q;
    q.query_addr = addr;
    long r = raw_syscall3(SYS_ioctl, fd, PROCMAP_QUERY, &q);
    raw_syscall1(SYS_close, fd);
    if (r == -ENOTTY || r == -EINVAL)
        procmap_missing = 1; /* a kernel without the query */
    if (r || q.vma_start > addr || (q.vma_flags & (PM_SHARED | PM_WRITE)) ||
        !(q.vma_flags & PM_EXEC))
        return -1;
    return (long)q.vma_flags;
}

static int placeholder_at(uint64_t addr)
{
    long fd = raw_syscall4(SYS_openat, AT_FDCWD, "/proc/self/maps", O_RDONLY | O_CLOEXEC, 0);
    if (fd < 0)
        return 0;
    struct procmap_query q;
    mem_set(&q, 0, sizeof q);
    q.size = sizeof q;
    q.query_addr = addr;
    long r = raw_syscall3(SYS_ioctl, fd, PROCMAP_QUERY, &q);
    raw_syscall1(SYS_close, fd);
    return r == 0 && q.vma_start <= addr && q.vma_end >= addr + REGION_SIZE &&
           !(q.vma_flags & (PM_READ | PM_WRITE | PM_EXEC | PM_SHARED)) && q.inode == 0;
}

static int prot_of(long flags)
{
    return (flags & PM_READ ? PROT_READ : 0) | (flags & PM_EXEC ? PROT_EXEC : 0);
}

/* Pages whose protection a rewrite changed and set back: the kernel keeps
 * them as mappings of their own (the written page has its own anon_vma), which
 * the program's view of its mappings joins again (fastpath_split_at). */
#define MAX_TOUCHED 4096
static uint64_t touched[MAX_TOUCHED];
static int ntouched;

static void note_touched(uint64_t page)
{
    for (int i = 0; i < ntouched; i++)
        if (touched[i] == page)
            return;
    if (ntouched < MAX_TOUCHED)
        touched[ntouched++] = page;
}

int fastpath_split_at(uint64_t addr)
{
    for (int i = 0; i < ntouched; i++)
        if (touched[i] == addr || touched[i] + 4096 == addr)
            return 1;
    return 0;
}

/* Swaps an aligned 16-byte code block from `from` to `to` with one
 * cmpxchg16b (inline: the trap path links no libatomic); 0 when done. */
static int swap_code_block(uint64_t block, const uint64_t from[2], const uint64_t to[2],
                           int prot)
{
    uint64_t page = block & ~4095ULL;
    note_touched(page);
    if (raw_syscall3(SYS_mprotect, page, 4096, prot | PROT_WRITE))
        return -1;
    uint64_t lo = from[0], hi = from[1];
    unsigned char ok;
    __asm__ volatile("lock cmpxchg16b %1\n\tsete %0"
                     : "=q"(ok), "+m"(*(volatile unsigned __int128 *)block), "+a"(lo), "+d"(hi)
                     : "b"(to[0]), "c"(to[1])
                     : "memory", "cc");
    raw_syscall3(SYS_mprotect, page, 4096, prot);
    return ok ? 0 : -1;
}

/* Puts a site's original bytes back, if its mapping is still there. */
static void site_restore(const struct site *s)
{
    long flags = mapping_flags(s->block);
    if (flags >= 0)
        swap_code_block(s->block, s->patched, s->original, prot_of(flags));
}

/* The 5 bytes before the `syscall` are one instruction the stub can run
 * again: `mov $nr,%eax` with nr the trapped %rax, or glibc syscall()'s
 * `mov 8(%rsp),%r9` with %r9 equal to what is there now.  A register that
 * disagrees means the bytes are the tail of some other instruction. */
static int known_instruction(ucontext_t *uc, const unsigned char *b, uint64_t nr)
{
    static const unsigned char load_r9[5] = {0x4c, 0x8b, 0x4c, 0x24, 0x08};
    const greg_t *g = uc->uc_mcontext.gregs;
    uint32_t imm;
    mem_copy(&imm, b + 1, 4);
    if (b[0] == 0xb8)
        return imm == (uint32_t)nr;
    uint64_t r9;
    for (int i = 0; i < 5; i++)
        if (b[i] != load_r9[i])
            return 0;
    return !try_copy_from_guest(&r9, (uint64_t)g[REG_RSP] + 8, 8) && r9 == (uint64_t)g[REG_R9];
}

void fastpath_after_trap(struct thread_state *t, ucontext_t *uc, uint64_t nr)
{
    if (fastpath_retired)
        return;
    if (t->fast.self != (uint64_t)t)
        fastpath_thread_start(t);
    uint64_t site = (uint64_t)uc->uc_mcontext.gregs[REG_RIP] - 2;
    uint64_t mov = site - 5, block = mov & ~15ULL;
    unsigned off = (unsigned)(mov & 15);
    /* A call that may move the guest's %rip (rt_sigreturn, execve) is never
     * rewritable, so for the rest %rip - 2 is the `syscall` that trapped. */
    if (procmap_missing || off > 11 || nr > 0xffffffffULL ||
        !fastpath_call_rewritable(nr & ~X32_SYSCALL_BIT) ||
        site >= 0xFFFFE000ULL || nsites == MAX_SITES)
        return;
    uint64_t old[2];
    unsigned char bytes[16];
    /* Cheap tests first: a site that never qualifies must not pay for the
     * mapping query at each of its traps. */
    unsigned slot = (unsigned)(site >> 1) % REFUSED_SLOTS;
    if (refused[slot] == site || try_copy_from_guest(old, block, 16))
        return;
    mem_copy(bytes, old, 16);
    if (!known_instruction(uc, bytes + off, nr))
        return;
    if (seen[slot].site != site) {
        seen[slot].site = site; /* races only lose a count */
        seen[slot].traps = 0;
    }
    if (++seen[slot].traps < PATCH_AFTER)
        return;
    if (__atomic_exchange_n(&patch_lock, 1, __ATOMIC_ACQUIRE))
        return; /* another thread patches: this site can wait for its next trap */
    long flags = mapping_flags(mov);
    if (flags < 0) {
        refused[slot] = site; /* shared, writable or unknown: ask again only if evicted */
        goto out;
    }
    uint64_t stub = new_stub(site, bytes + off);
    if (!stub)
        goto out;
    int32_t rel = (int32_t)(stub - site);
    bytes[off] = 0xe9; /* jmp rel32: ends right at the `syscall` */
    mem_copy(bytes + off + 1, &rel, 4);
    uint64_t new[2];
    mem_copy(new, bytes, 16);
    if (swap_code_block(block, old, new, prot_of(flags)) == 0) {
        sites[nsites++] = (struct site){block, {old[0], old[1]}, {new[0], new[1]}, stub};
        debug_log("rewrite: site %p (call %lu) -> stub %p", (void *)site,
                  (unsigned long)(nr & ~X32_SYSCALL_BIT), (void *)stub);
    }
out:
    __atomic_store_n(&patch_lock, 0, __ATOMIC_RELEASE);
}

/* A region below 4 GiB is in the way of the program's own mapping: its sites
 * get their original bytes back and it is unmapped, so the program's call
 * finds the address space a kernel would have shown it.  (A thread that was
 * between a site's jump and the hook at this very moment would fault; only a
 * program mapping over an address it never received can cause that.)
 * Called with patch_lock held. */
static void region_evict(int r)
{
    uint64_t lo = regions[r];
    for (int i = 0; i < nsites; i++) {
        struct site *s = &sites[i];
        if (s->stub - lo >= REGION_SIZE)
            continue;
        site_restore(s);
        sites[i--] = sites[--nsites];
    }
    raw_syscall2(SYS_munmap, lo, REGION_SIZE);
    debug_log("rewrite: stub region %p left to the program", (void *)(uintptr_t)lo);
    regions[r] = 0;
    region_used[r] = 0;
}

/* Before the guest changes [addr, addr+len): stub regions there make way;
 * patched sites there get their original bytes back (the guest may read or
 * rewrite its code next), unless the change fails later. */
static void memory_range(uint64_t addr, uint64_t len)
{
    uint64_t end = addr + len;
    if (addr >= 0xFFFFE000ULL || end < addr)
        return; /* not an x32 address: the call fails before any change */
    if (!nsites && nregions <= 1)
        return;
    while (__atomic_exchange_n(&patch_lock, 1, __ATOMIC_ACQUIRE))
        __builtin_ia32_pause();
    for (int r = 0; r < nregions; r++) {
        if (!regions[r] || regions[r] >= 0x100000000ULL || addr >= regions[r] + REGION_SIZE ||
            end <= regions[r])
            continue;
        if (regions[r] == redeliver_low) {
            __atomic_store_n(&patch_lock, 0, __ATOMIC_RELEASE);
            die(128 + SIGSEGV, "rewrite fast path: the program remapped or unprotected "
                "x32-run's system-call stubs at %p (no vDSO to keep them in); run it "
                "with X32_RUN_TRAP=sud", (void *)(uintptr_t)regions[r]);
        }
        region_evict(r);
    }
    for (int i = 0; i < nsites; i++) {
        struct site *s = &sites[i];
        if (s->block + 16 <= addr || s->block >= end)
            continue;
        site_restore(s);
        sites[i--] = sites[--nsites];
    }
    __atomic_store_n(&patch_lock, 0, __ATOMIC_RELEASE);
}

void fastpath_original_view(uint64_t addr, void *buf, size_t n)
{
    if (!nsites)
        return;
    while (__atomic_exchange_n(&patch_lock, 1, __ATOMIC_ACQUIRE))
        __builtin_ia32_pause();
    for (int i = 0; i < nsites; i++) {
        const struct site *s = &sites[i];
        uint64_t lo = s->block > addr ? s->block : addr;
        uint64_t hi = s->block + 16 < addr + n ? s->block + 16 : addr + n;
        if (lo < hi)
            mem_copy((char *)buf + (lo - addr), (const char *)s->original + (lo - s->block),
                     hi - lo);
    }
    __atomic_store_n(&patch_lock, 0, __ATOMIC_RELEASE);
}

void fastpath_unpatch_range(uint64_t addr, uint64_t len) { memory_range(addr, len); }

void fastpath_unpatch_all(void)
{
    if (!nsites)
        return;
    while (__atomic_exchange_n(&patch_lock, 1, __ATOMIC_ACQUIRE))
        __builtin_ia32_pause();
    for (int i = 0; i < nsites; i++)
        site_restore(&sites[i]);
    nsites = 0;
    __atomic_store_n(&patch_lock, 0, __ATOMIC_RELEASE);
}

void fastpath_memory_call(unsigned long nr, const greg_t *g)
{
    switch (nr) {
    case SYS_mmap:
        if (ARG4(g) & (MAP_FIXED | MAP_FIXED_NOREPLACE))
            memory_range(ARG1(g), ARG2(g));
        break;
    case SYS_mprotect:
        if (ARG3(g) & PROT_WRITE)
            memory_range(ARG1(g), ARG2(g));
        else
            for (int i = 0; i < nregions; i++)
                if (regions[i] && ARG1(g) < regions[i] + REGION_SIZE &&
                    ARG1(g) + ARG2(g) > regions[i])
                    memory_range(ARG1(g), ARG2(g));
        break;
    case SYS_munmap:
    case SYS_mremap:
        memory_range(ARG1(g), ARG2(g));
        break;
    default:
        break;
    }
}

const char *fastpath_unavailable_reason(void)
{
    if (!fastpath_xsave_usable())
        return "the CPU or kernel offers no usable XSAVE";
    if (!fastpath_cx16_usable())
        return "the CPU has no CMPXCHG16B to rewrite a site in one store";
    mapping_flags((uint64_t)(uintptr_t)&fastpath_unavailable_reason);
    if (procmap_missing)
        return "the kernel has no PROCMAP_QUERY (Linux 6.11+), so no site can be checked";
    return 0;
}
