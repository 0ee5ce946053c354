/* The rewrite fast path (the default), the patching side: which trapped sites qualify, the
 * atomic rewrite, and undoing it when the guest remaps or unprotects patched
 * code (or takes %gs, or gdb writes there).
 *
 * The stubs' regions are fastpath_regions.c's.
 *
 * A site qualifies when the 5 bytes before its `syscall` (or before one
 * plain instruction and the `syscall`, insn_len.c) are `mov $nr,%eax` with nr
 * equal to the trapped %rax (so they really were the instruction that ran),
 * or glibc syscall()'s `mov 8(%rsp),%r9`; they lie on one page
 * (fastpath_poke.c writes them so that no thread ever runs half of a jump:
 * one cmpxchg16b inside a 16-byte block, else a plain copy while the program
 * is one task, or two swaps in an order whose half-way state is a mov the
 * SIGSYS handler puts right); the mapping is private, executable and not
 * writable (no shared file is changed; no JIT buffer the guest rewrites at
 * will); and the call needs neither the signal frame nor the mask
 * (fastpath_call_rewritable).  Anything else stays on SUD.  The `syscall`
 * bytes themselves are never touched. */
#include "fastpath/fastpath_internal.h"
#include "base/spinlock.h"
#include "base/guest_mem.h"
#include "base/raw_syscall.h"
#include "core/core.h"
#include "base/util.h"
#include "base/x32_abi.h"
#include "base/x32_syscalls.h"
#include "fastpath/fastpath_regions.h"
#include "fastpath/fastpath_fs.h"
#include "fastpath/fastpath_xonly.h"
#include "fastpath/fastpath_poke.h"
#include "fastpath/insn_len.h"
#include "fastpath/procmap.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>


#define MAX_SITES 8192

struct site {
    uint64_t at;                /* the replaced instruction */
    uint64_t syscall_at;        /* its `syscall` (5 bytes on, or 5 and one instruction) */
    unsigned char original[5];  /* put back by fastpath_memory_call and the like */
    unsigned char patched[5];   /* jmp stub */
    int prot;                   /* its page's protection before any rewrite */
    uint64_t stub;              /* where its jump lands */
};


static struct site sites[MAX_SITES];
static int nsites;
static int patch_lock;
/* The program's memory calls between fastpath_memory_call and
 * fastpath_memory_call_done.  While one is in flight no site is rewritten: a
 * mapping query then still shows the protection the call is about to change,
 * and a site rewritten after the call's range got its bytes back would stay a
 * jump on a page the program has just made writable. */
static int memory_calls_in_flight;
/* A rewrite costs about as much as 10-15 traps (the mapping query, two
 * mprotects, a copied page), so a site is rewritten at its PATCH_AFTER-th
 * trap: start-up code that runs once stays on SUD.  Per hashed slot: the site
 * whose mapping said no (sites lie below 4 GiB) and the traps counted.  One
 * table of 8 KiB: a short program's 20-odd start-up traps touch its two pages
 * (two faults each); the two 48 KiB tables it replaced cost a hello world 12
 * page faults. */
#define TRAP_SLOTS 1024
#define PATCH_AFTER 4
static struct {
    uint32_t refused;
    uint32_t seen;
} trap_slots[TRAP_SLOTS];

/* Not the calls that read or rewrite the signal frame, the mask or the stack,
 * nor arch_prctl, which may take %gs, which the hook's exit reads
 * (fastpath_gs.c): their rows say CALL_KEEP_TRAPPED. */
int fastpath_call_rewritable(unsigned long nr)
{
    return nr <= X32_NR_LAST_SPECIFIC && !call_has(nr, CALL_KEEP_TRAPPED);
}





/* The mapping at addr: its protection flags, or -1 when it must not be patched. */
static long mapping_flags(uint64_t addr)
{
    struct procmap_query q;
    long r = procmap_query_at(addr, &q);
    if (r || q.vma_start > addr || (q.vma_flags & (PM_SHARED | PM_WRITE)) ||
        !(q.vma_flags & PM_EXEC))
        return -1;
    return (long)q.vma_flags;
}


static int prot_of(long flags)
{
    return (flags & PM_READ ? PROT_READ : 0) | (flags & PM_EXEC ? PROT_EXEC : 0);
}

/* Pages a load found execute-only (fastpath_xonly.c): their sites were put
 * back and are not rewritten again. */
#define MAX_EXPOSED 256
static uint64_t exposed[MAX_EXPOSED];
static int nexposed;

static int page_exposed(uint64_t page)
{
    for (int i = 0; i < nexposed; i++)
        if (exposed[i] == page)
            return 1;
    return 0;
}

/* The site on page other than `not`, or 0: its page stays execute-only. */
static const struct site *other_site_on(uint64_t page, const struct site *not)
{
    for (int i = 0; i < nsites; i++)
        if (&sites[i] != not && (sites[i].at & ~4095ULL) == page)
            return &sites[i];
    return 0;
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

/* Puts a site's original bytes back, if its mapping is still there (callers
 * then drop it from sites[]). */
static void site_restore(const struct site *s)
{
    if (mapping_flags(s->at) >= 0)
        poke_site(s->at, s->syscall_at, s->patched, s->original, s->prot,
                  xonly_key && other_site_on(s->at & ~4095ULL, s));
}

/* The 5 bytes at b are one instruction the stub can run again: `mov
 * $nr,%eax` with nr the trapped %rax, or glibc syscall()'s `mov 8(%rsp),%r9`
 * with %r9 equal to what is there now.  A register that disagrees means the
 * bytes are the tail of some other instruction. */
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
    uint64_t mov = site - 5;
    /* A call that may move the guest's %rip (rt_sigreturn, execve) is never
     * rewritable, so for the rest %rip - 2 is the `syscall` that trapped. */
    if ((mov & 4095) > 4096 - 5 || nr > 0xffffffffULL ||
        !fastpath_call_rewritable(nr & ~X32_SYSCALL_BIT) ||
        site >= X32_TASK_SIZE || nsites == MAX_SITES)
        return;
    /* the 16 bytes before the `syscall`: the mov, and maybe one instruction after it */
    unsigned char before[16];
    /* Cheap tests first: a site that never qualifies must not pay for the
     * mapping query at each of its traps. */
    /* sites lie 7 or more bytes apart: mix, so neighbours spread over the slots */
    unsigned slot = (unsigned)(((uint32_t)site * 2654435761u) >> 22) % TRAP_SLOTS;
    if (trap_slots[slot].refused == (uint32_t)site)
        return;
    uint32_t pkru = xonly_open(); /* the page may be execute-only already */
    long unreadable = (site & 4095) < 16 ? try_copy_from_guest(before + 11, mov, 5)
                                          : try_copy_from_guest(before, site - 16, 16);
    xonly_close(pkru);
    if (unreadable)
        return;
    /* `mov $nr,%eax` right before the `syscall`, or with one plain instruction
     * between them (glibc: `movslq %esi,%rsi` in futex wakes, `mov %edx,%edx` in
     * getdents64, `mov %rdx,%rsi` in fstat...), which the stub then runs too */
    int len = 5;
    if (!known_instruction(uc, before + 11, nr)) {
        /* The trapped %rax proves the mov ran only if the instruction after it
         * leaves %rax alone, and a REX byte before the b8 would make it a mov
         * to another register: libsanitizer's `mov $nr,%r8d; mov %r8,%rax`. */
        int k, ax;
        for (k = 2; k <= 10 && (site & 4095) >= 16; k++)
            if (before[11 - k] == 0xb8 && (before[10 - k] & 0xf0) != 0x40 &&
                insn_len(before + 16 - k, k, &ax) == k && !ax &&
                known_instruction(uc, before + 11 - k, nr))
                break;
        if (k > 10 || (site & 4095) < 16)
            return;
        len = 5 + k;
        mov = site - (uint64_t)len;
        if ((mov & 4095) > 4096 - 5)
            return;
    }
    const unsigned char *old = before + 16 - len;
    if (fastpath_fs_mode && old[0] != 0xb8 && !fastpath_fs_shlx) {
        trap_slots[slot].refused = (uint32_t)site; /* a run-time call number: no stub can pack it */
        return;
    }
    /* Sites that share a slot share its count (races only lose one): that
     * can only rewrite a rarely run site a little early.  Resetting the count
     * at each newcomer, as before, meant that sites taking turns on a slot
     * were never rewritten at all (600 sites in a loop: 1 rewritten). */
    if (++trap_slots[slot].seen < PATCH_AFTER)
        return;
    trap_slots[slot].seen = 0;
    if (!spin_trylock(&patch_lock))
        return; /* another thread patches: this site can wait for its next trap */
    if (__atomic_load_n(&memory_calls_in_flight, __ATOMIC_ACQUIRE))
        goto out; /* a mapping is about to change: this site can wait too */
    xonly_probe();
    long flags = mapping_flags(mov);
    uint64_t page = mov & ~4095ULL;
    if (flags < 0 || page_exposed(page)) {
        trap_slots[slot].refused = (uint32_t)site; /* shared, writable or unknown: ask again only if evicted */
        goto out;
    }
    /* an execute-only page shows no PROT_READ: its sites know the real one */
    const struct site *neighbour = other_site_on(page, 0);
    int prot = neighbour ? neighbour->prot : prot_of(flags);
    uint64_t stub = stub_new(site, old, len);
    if (!stub)
        goto out;
    struct site *s = &sites[nsites];
    s->at = mov;
    s->syscall_at = site;
    s->prot = prot;
    s->stub = stub;
    mem_copy(s->original, old, 5);
    int32_t rel = (int32_t)(stub - (mov + 5));
    s->patched[0] = 0xe9; /* jmp rel32 */
    mem_copy(s->patched + 1, &rel, 4);
    note_touched(page);
    if (poke_site(mov, site, s->original, s->patched, prot, xonly_key) == 0) {
        nsites++;
        debug_log("rewrite: site %p (call %lu) -> stub %p%s", (void *)site,
                  (unsigned long)(nr & ~X32_SYSCALL_BIT), (void *)stub,
                  (mov & 15) > 11 ? " (across a 16-byte block)" : "");
    }
out:
    spin_unlock(&patch_lock);
}


/* Before the guest changes [addr, addr+len): stub regions there make way;
 * patched sites there get their original bytes back (the guest may read or
 * rewrite its code next), unless the change fails later. */
/* A region below 4 GiB is in the way of the program's own mapping: its sites
 * get their original bytes back and it is unmapped, so the program's call
 * finds the address space a kernel would have shown it.  (A thread that was
 * between a site's jump and the hook at this very moment would fault; only a
 * program mapping over an address it never received can cause that.)
 * Called with patch_lock held. */
static void region_evict(uint64_t lo)
{
    for (int i = 0; i < nsites; i++) {
        struct site *s = &sites[i];
        if (s->stub - lo >= REGION_SIZE)
            continue;
        site_restore(s);
        sites[i--] = sites[--nsites];
    }
    stub_region_drop(lo);
}

/* patch_lock for gdb's stub, which must never wait for it: in all-stop mode the
 * thread holding it may be one gdb stopped.  0 when it stayed taken. */
static int patch_lock_try(void)
{
    for (int i = 0; i < 1000; i++) {
        if (spin_trylock(&patch_lock))
            return 1;
        __builtin_ia32_pause();
    }
    return 0;
}

/* may_wait: 0 for gdb's stub, which only tries the lock (patch_lock_try) and
 * leaves the range as it is when the lock stays taken. */
static void memory_range(uint64_t addr, uint64_t len, int may_wait)
{
    uint64_t end = addr + len;
    if (addr >= X32_TASK_SIZE || end < addr)
        return; /* not an x32 address: the call fails before any change */
    if (!nsites && !stub_low_regions())
        return;
    if (!may_wait) {
        if (!patch_lock_try())
            return;
    } else {
        spin_lock(&patch_lock);
    }
    uint64_t lo;
    while ((lo = stub_region_in_way(addr, end))) {
        if (stub_region_keeps_redeliver(lo)) {
            spin_unlock(&patch_lock);
            die(128 + SIGSEGV, "rewrite fast path: the program remapped or unprotected "
                "x32-run's system-call stubs at %p (no vDSO to keep them in); run it "
                "with X32_RUN_TRAP=sud", (void *)(uintptr_t)lo);
        }
        region_evict(lo);
    }
    for (int i = 0; i < nsites; i++) {
        struct site *s = &sites[i];
        if (s->at + 5 <= addr || s->at >= end)
            continue;
        site_restore(s);
        sites[i--] = sites[--nsites];
    }
    spin_unlock(&patch_lock);
}

void fastpath_original_view(uint64_t addr, void *buf, size_t n)
{
    if (!nsites || !patch_lock_try())
        return; /* (a stopped thread is patching: gdb sees the bytes as they are) */
    for (int i = 0; i < nsites; i++) {
        const struct site *s = &sites[i];
        uint64_t lo = s->at > addr ? s->at : addr;
        uint64_t hi = s->at + 5 < addr + n ? s->at + 5 : addr + n;
        if (lo < hi)
            mem_copy((char *)buf + (lo - addr), s->original + (lo - s->at), hi - lo);
    }
    spin_unlock(&patch_lock);
}

void fastpath_unpatch_range(uint64_t addr, uint64_t len) { memory_range(addr, len, 0); }

void fastpath_unpatch_all(void)
{
    if (!nsites)
        return;
    spin_lock(&patch_lock);
    /* one at a time, so that the last site of a page gives it its protection */
    while (nsites) {
        site_restore(&sites[nsites - 1]);
        nsites--;
    }
    spin_unlock(&patch_lock);
}

int fastpath_expose_page(uint64_t page)
{
    /* A load from the page by the program, or by the runner copying a call's
     * buffer; never by the runner while it holds patch_lock (it opens the key
     * for its own reads of code), so waiting here cannot deadlock. */
    spin_lock(&patch_lock);
    int found = page_exposed(page);
    for (int i = 0; i < nsites; i++) {
        struct site *s = &sites[i];
        if ((s->at & ~4095ULL) != page)
            continue;
        site_restore(s);
        sites[i--] = sites[--nsites];
        found = 1;
    }
    if (found && !page_exposed(page) && nexposed < MAX_EXPOSED)
        exposed[nexposed++] = page;
    spin_unlock(&patch_lock);
    if (found)
        debug_log("rewrite: page %p was read: its sites have their own bytes again",
                  (void *)(uintptr_t)page);
    return found;
}

int fastpath_expose_all(void)
{
    int any = 0;
    while (xonly_key && nsites)
        any |= fastpath_expose_page(sites[nsites - 1].at & ~4095ULL);
    return any;
}

int fastpath_xonly_page(uint64_t page)
{
    return xonly_key && other_site_on(page, 0);
}

/* memory_range for a memory call about to be made, counted in flight until
 * fastpath_memory_call_done (the count goes up before the range is restored,
 * so a rewrite that took the lock first is undone by it, and none after it). */
static int memory_call_range(uint64_t addr, uint64_t len)
{
    __atomic_add_fetch(&memory_calls_in_flight, 1, __ATOMIC_SEQ_CST);
    memory_range(addr, len, 1);
    return 1;
}

int fastpath_memory_call(unsigned long nr, const greg_t *g)
{
    switch (nr) {
    case SYS_mmap:
        if (ARG4(g) & (MAP_FIXED | MAP_FIXED_NOREPLACE))
            return memory_call_range(ARG1(g), ARG2(g));
        return 0;
    case SYS_mprotect:
    case SYS_pkey_mprotect:
        /* with execute-only pages, any new protection there may let loads in */
        if ((ARG3(g) & PROT_WRITE) || xonly_key || stub_region_in_way(ARG1(g), ARG1(g) + ARG2(g)))
            return memory_call_range(ARG1(g), ARG2(g));
        return 0;
    case SYS_munmap:
    case SYS_mremap:
        stub_room_freed();
        return memory_call_range(ARG1(g), ARG2(g));
    default:
        return 0;
    }
}

void fastpath_memory_call_done(void)
{
    __atomic_sub_fetch(&memory_calls_in_flight, 1, __ATOMIC_SEQ_CST);
}

void fastpath_fork_prepare(void)
{
    spin_lock(&patch_lock);
}

void fastpath_fork_done(int in_child)
{
    /* The child has only the forking thread, which is in no memory call. */
    if (in_child)
        __atomic_store_n(&memory_calls_in_flight, 0, __ATOMIC_RELEASE);
    spin_unlock(&patch_lock);
}

const char *fastpath_unavailable_reason(void)
{
    if (!fastpath_xsave_usable())
        return "the CPU or kernel offers no usable XSAVE";
    if (!fastpath_cx16_usable())
        return "the CPU has no CMPXCHG16B to rewrite a site in one store";
    if (mapping_flags((uint64_t)(uintptr_t)&fastpath_unavailable_reason) < 0)
        return "neither PROCMAP_QUERY nor /proc/self/maps tells a site's mapping";
    return 0;
}
