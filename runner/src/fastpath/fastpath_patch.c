/* The rewrite fast path (the default), the patching side: which trapped sites qualify, the
 * stub regions below 4 GiB, the atomic rewrite, and undoing it when the guest
 * remaps or unprotects patched code.
 *
 * A site qualifies when the 5 bytes before its `syscall` are `mov $nr,%eax`
 * with nr equal to the trapped %rax (so they really were the instruction that
 * ran), they lie inside one aligned 8-byte word (one cmpxchg replaces them
 * atomically for every thread, so no thread ever fetches half of the new
 * jump), the mapping is private, executable and not writable (no shared file
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
#define FIRST_STUB 16 /* offset 0: the redelivery `syscall`; 8: the hook's address */
#define MAX_REGIONS 8
#define MAX_SITES 8192

struct site {
    uint64_t word;     /* the aligned 8-byte word holding the patch */
    uint64_t original; /* its bytes before, put back by fastpath_memory_call */
    uint64_t patched;
};

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
        return 0;
    default:
        return nr <= X32_NR_LAST_SPECIFIC;
    }
}

uint64_t fastpath_redeliver_address(void) { return nregions ? regions[0] : 0; }

int fastpath_in_stub_region(uint64_t addr)
{
    for (int i = 0; i < nregions; i++)
        if (addr - regions[i] < REGION_SIZE)
            return 1;
    return 0;
}

static int reachable(uint64_t from, uint64_t to)
{
    int64_t d = (int64_t)to - (int64_t)from;
    return d >= INT32_MIN && d <= INT32_MAX - 64;
}

static uint64_t map_region_near(uint64_t hint)
{
    /* MAP_NORESERVE: its own VMA flags, so the kernel never merges the region
     * into a neighbour (the vDSO shim's line in /proc/self/maps would grow). */
    long r = raw_syscall6(SYS_mmap, hint, REGION_SIZE, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (raw_failed(r))
        return 0;
    if ((uint64_t)r + REGION_SIZE > 0xFFFFE000ULL) {
        raw_syscall2(SYS_munmap, r, REGION_SIZE);
        return 0;
    }
    unsigned char *p = (unsigned char *)r;
    mem_set(p, 0xcc, REGION_SIZE); /* int3 between and after stubs */
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
    int i;
    for (i = 0; i < nregions; i++)
        if (reachable(site, regions[i]) && region_used[i] + STUB_SIZE <= REGION_SIZE)
            break;
    if (i == nregions) {
        if (nregions == MAX_REGIONS)
            return 0;
        /* the kernel's choice (next to the libraries), else near the site */
        uint64_t r = map_region_near(0);
        if (r && !reachable(site, r)) {
            raw_syscall2(SYS_munmap, r, REGION_SIZE);
            r = map_region_near((site & ~0xffffULL) + 0x1000000);
        }
        if (!r || !reachable(site, r)) {
            if (r)
                raw_syscall2(SYS_munmap, r, REGION_SIZE);
            return 0;
        }
        regions[i] = r;
        region_used[i] = FIRST_STUB;
        nregions++;
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

static int prot_of(long flags)
{
    return (flags & PM_READ ? PROT_READ : 0) | (flags & PM_EXEC ? PROT_EXEC : 0);
}

/* Swaps an aligned code word from `from` to `to`; 0 when done. */
static int swap_code_word(uint64_t word, uint64_t from, uint64_t to, int prot)
{
    uint64_t page = word & ~4095ULL;
    if (raw_syscall3(SYS_mprotect, page, 4096, prot | PROT_WRITE))
        return -1;
    uint64_t expect = from;
    int ok = __atomic_compare_exchange_n((uint64_t *)word, &expect, to, 0,
                                         __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    raw_syscall3(SYS_mprotect, page, 4096, prot);
    return ok ? 0 : -1;
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
    if (t->fast.self != (uint64_t)t)
        fastpath_thread_start(t);
    uint64_t site = (uint64_t)uc->uc_mcontext.gregs[REG_RIP] - 2;
    uint64_t mov = site - 5, word = mov & ~7ULL;
    unsigned off = (unsigned)(mov & 7);
    /* A call that may move the guest's %rip (rt_sigreturn, execve) is never
     * rewritable, so for the rest %rip - 2 is the `syscall` that trapped. */
    if (procmap_missing || off > 3 || nr > 0xffffffffULL ||
        !fastpath_call_rewritable(nr & ~X32_SYSCALL_BIT) ||
        site >= 0xFFFFE000ULL || nsites == MAX_SITES)
        return;
    uint64_t old;
    unsigned char bytes[8];
    /* Cheap tests first: a site that never qualifies must not pay for the
     * mapping query at each of its traps. */
    unsigned slot = (unsigned)(site >> 1) % REFUSED_SLOTS;
    if (refused[slot] == site || try_copy_from_guest(&old, word, 8))
        return;
    mem_copy(bytes, &old, 8);
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
    uint64_t new;
    mem_copy(&new, bytes, 8);
    if (swap_code_word(word, old, new, prot_of(flags)) == 0) {
        sites[nsites++] = (struct site){word, old, new};
        debug_log("rewrite: site %p (call %lu) -> stub %p", (void *)site,
                  (unsigned long)(nr & ~X32_SYSCALL_BIT), (void *)stub);
    }
out:
    __atomic_store_n(&patch_lock, 0, __ATOMIC_RELEASE);
}

/* Before the guest changes [addr, addr+len): its stub regions are refused with
 * a clear death; patched sites there get their original bytes back (the
 * guest may read or rewrite its code next), unless the change fails later. */
static void memory_range(uint64_t addr, uint64_t len)
{
    uint64_t end = addr + len;
    for (int i = 0; i < nregions; i++)
        if (addr < regions[i] + REGION_SIZE && end > regions[i])
            die(128 + SIGSEGV, "rewrite fast path: the program remapped or unprotected "
                "x32-run's system-call stubs at %p; run it with X32_RUN_TRAP=sud",
                (void *)(uintptr_t)regions[i]);
    if (!nsites)
        return;
    while (__atomic_exchange_n(&patch_lock, 1, __ATOMIC_ACQUIRE))
        __builtin_ia32_pause();
    for (int i = 0; i < nsites; i++) {
        struct site *s = &sites[i];
        if (s->word + 8 <= addr || s->word >= end)
            continue;
        long flags = mapping_flags(s->word);
        if (flags >= 0)
            swap_code_word(s->word, s->patched, s->original, prot_of(flags));
        sites[i--] = sites[--nsites];
    }
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
                if (ARG1(g) < regions[i] + REGION_SIZE && ARG1(g) + ARG2(g) > regions[i])
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
    mapping_flags((uint64_t)(uintptr_t)&fastpath_unavailable_reason);
    if (procmap_missing)
        return "the kernel has no PROCMAP_QUERY (Linux 6.11+), so no site can be checked";
    return 0;
}
