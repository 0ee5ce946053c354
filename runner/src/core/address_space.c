/* The VA steal.  A real x32 task has TASK_SIZE just under 4 GiB; here the
 * process is a normal 64-bit one, so instead every free range above 4 GiB is
 * covered with PROT_NONE|MAP_NORESERVE placeholders (no memory, no commit
 * charge).  The kernel's top-down allocator then finds room only below 4 GiB
 * for mmap(NULL), mremap(MAYMOVE), shmat and ld.so.  Results are still
 * checked, because the bottom-up fallback may find a stray hole. */
#include "core/address_space.h"
#include "core/guest_mm.h"
#include "base/x32_abi.h"
#include "base/spinlock.h"
#include "base/maps.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#define GIB (1ULL << 30)
#define USER_TOP 0x7ffffffff000ULL
#define STACK_SLACK (64ULL << 20) /* room for the runner's own stack to grow */
#define ARENA_SIZE (4 * GIB)

struct guest_mm guest_mm;

static uint64_t arena_base, arena_used;
static int arena_lock;
static uint64_t brk_start, brk_cur, brk_mapped;
static int brk_lock;

static void lock(int *l) { spin_lock(l); }
static void unlock(int *l) { spin_unlock(l); }

static uint64_t page_up(uint64_t v) { return (v + X32_PAGE - 1) & ~(X32_PAGE - 1); }

static long placeholder(uint64_t addr, uint64_t len, int fixed)
{
    return raw_syscall6(SYS_mmap, addr, len, PROT_NONE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
                            (fixed ? MAP_FIXED : MAP_FIXED_NOREPLACE),
                        -1, 0);
}

void refill_high(uint64_t addr, uint64_t len)
{
    placeholder(addr, page_up(len), 1);
}

static void fill_gap(uint64_t start, uint64_t end)
{
    if (start < GUEST_LIMIT)
        start = GUEST_LIMIT;
    if (end > USER_TOP)
        end = USER_TOP;
    if (end <= start)
        return;
    long r = placeholder(start, end - start, 0);
    if (raw_failed(r))
        debug_log("VA steal: could not cover %lx-%lx (%ld)", start, end, r);
}

/* Each mapping in turn (a copy of the file: the steal maps memory as it goes):
 * the gap before it is covered, leaving room under the runner's stack to grow. */
static int steal_gap_before(const struct maps_line *l, void *arg)
{
    uint64_t *prev_end = arg, gap_end = l->start;
    if (str_eq(l->name, "[stack]"))
        gap_end = l->start > STACK_SLACK ? l->start - STACK_SLACK : 0;
    if (gap_end > *prev_end)
        fill_gap(*prev_end, gap_end);
    if (l->end > *prev_end)
        *prev_end = l->end;
    return 0;
}

static void steal_high_va(void)
{
    static char maps[256 * 1024];
    long fd = raw_syscall4(SYS_openat, AT_FDCWD, "/proc/self/maps", 0, 0);
    if (raw_failed(fd))
        die(126, "cannot read /proc/self/maps: the address-space steal needs /proc");
    size_t len = 0;
    for (;;) {
        long n = raw_syscall3(SYS_read, fd, maps + len, sizeof maps - 1 - len);
        if (n <= 0)
            break;
        len += (size_t)n;
    }
    raw_syscall1(SYS_close, fd);
    maps[len] = 0;

    uint64_t prev_end = 0;
    maps_each_text(maps, steal_gap_before, &prev_end);
    fill_gap(prev_end, USER_TOP);
}

static uint64_t shadow_base;

uint64_t robust_shadow_base(void) { return shadow_base; }

void address_space_init(void)
{
    /* 4 GiB of lazily-populated memory mirroring the guest's space, for the
     * native shadow of robust futex lists (robust_list.c). */
    long s = raw_syscall6(SYS_mmap, 0, GUEST_LIMIT + X32_PAGE, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (!raw_failed(s) && (uint64_t)s >= GUEST_LIMIT)
        shadow_base = (uint64_t)s;
    long r = raw_syscall6(SYS_mmap, 0, ARENA_SIZE, PROT_NONE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (raw_failed(r) || (uint64_t)r < GUEST_LIMIT)
        die(126, "cannot reserve the runner arena above 4 GiB (RLIMIT_AS too small?)");
    arena_base = (uint64_t)r;
    steal_high_va();
    /* A real x32 task ends at 0xFFFFE000: keep the last two pages unusable so
     * no object ends at 2^32 and no end pointer wraps to 0. */
    placeholder(X32_TASK_SIZE, GUEST_LIMIT - X32_TASK_SIZE, 0);
}

void *runner_alloc(size_t size, size_t align)
{
    lock(&arena_lock);
    uint64_t at = (arena_base + arena_used + align - 1) & ~(uint64_t)(align - 1);
    uint64_t end = at + page_up(size);
    if (end > arena_base + ARENA_SIZE) {
        unlock(&arena_lock);
        return 0;
    }
    arena_used = end - arena_base;
    unlock(&arena_lock);
    long r = raw_syscall6(SYS_mmap, at, page_up(size), PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    return raw_failed(r) ? 0 : (void *)r;
}

void address_space_after_fork(void)
{
    /* Only the forking thread exists in the child; a lock another thread
     * held at the fork would never be released. */
    arena_lock = 0;
    brk_lock = 0;
}

static int over_as_limit(uint64_t extra);

int guest_range_ok(uint64_t addr, uint64_t len)
{
    return addr < X32_TASK_SIZE && len <= X32_TASK_SIZE - addr;
}

long guest_mmap(uint64_t addr, uint64_t len, uint64_t prot, uint64_t flags,
                uint64_t fd, uint64_t off)
{
    /* The kernel ignores MAP_32BIT for x32 tasks; natively it would squeeze
     * the mapping into 1 GiB. */
    flags &= ~(uint64_t)MAP_32BIT;
    if (flags & (MAP_FIXED | MAP_FIXED_NOREPLACE)) {
        if (!guest_range_ok(addr, page_up(len)))
            return -ENOMEM;
    } else if (addr && !guest_range_ok(addr, page_up(len))) {
        addr = 0; /* a hint the guest can never get is just dropped */
    }
    if (over_as_limit(page_up(len)))
        return -ENOMEM;
    long r = raw_syscall6(SYS_mmap, addr, len, prot, flags, fd, off);
    if (!raw_failed(r) && !guest_range_ok((uint64_t)r, page_up(len))) {
        refill_high((uint64_t)r, len);
        return -ENOMEM;
    }
    return r;
}

long guest_mremap(uint64_t old, uint64_t oldsz, uint64_t newsz, uint64_t flags,
                  uint64_t newaddr)
{
    if (!guest_range_ok(old, oldsz))
        return -EFAULT;
    if ((flags & MREMAP_FIXED) && !guest_range_ok(newaddr, newsz))
        return -EINVAL;
    if (page_up(newsz) > page_up(oldsz) && over_as_limit(page_up(newsz) - page_up(oldsz)))
        return -ENOMEM;
    long r = raw_syscall5(SYS_mremap, old, oldsz, newsz, flags, newaddr);
    if (!raw_failed(r) && !guest_range_ok((uint64_t)r, newsz)) {
        /* Moved out of reach: move it back, then re-cover the hole. */
        raw_syscall5(SYS_mremap, r, newsz, oldsz, MREMAP_MAYMOVE | MREMAP_FIXED, old);
        refill_high((uint64_t)r, newsz);
        return -ENOMEM;
    }
    return r;
}

/* RLIMIT_AS is virtual: the placeholders above 4 GiB count towards the
 * real one, so a guest limit applied to the process would make every later
 * mmap fail.  The runner keeps the guest's value and enforces it itself on
 * what a real x32 kernel would count: the mappings below 4 GiB. */
static struct rlimit guest_as_limit = {RLIM_INFINITY, RLIM_INFINITY};

/* Bytes mapped below 4 GiB, from /proc/self/maps: read only while the guest
 * has a finite RLIMIT_AS (or reads its virtual size), so the common case costs
 * nothing. */
static int add_guest_bytes(const struct maps_line *l, void *arg)
{
    uint64_t *total = arg;
    if (l->start < X32_TASK_SIZE && l->end > l->start)
        *total += (l->end < X32_TASK_SIZE ? l->end : X32_TASK_SIZE) - l->start;
    return 0;
}

uint64_t guest_mapped_bytes(void)
{
    uint64_t total = 0;
    maps_each(add_guest_bytes, &total);
    return total;
}

/* Would EXTRA more bytes take the guest over its RLIMIT_AS? */
static int over_as_limit(uint64_t extra)
{
    uint64_t limit = __atomic_load_n(&guest_as_limit.rlim_cur, __ATOMIC_RELAXED);
    return limit != RLIM_INFINITY && guest_mapped_bytes() + extra > limit;
}

long guest_prlimit_as(const struct rlimit *new_limit, struct rlimit *old_limit)
{
    if (new_limit) {
        if (new_limit->rlim_cur > new_limit->rlim_max)
            return -EINVAL;
        if (new_limit->rlim_max > guest_as_limit.rlim_max &&
            raw_syscall0(SYS_geteuid) != 0)
            return -EPERM;
    }
    if (old_limit)
        *old_limit = guest_as_limit;
    if (new_limit)
        guest_as_limit = *new_limit;
    return 0;
}

void guest_as_limit_save(struct rlimit *out) { *out = guest_as_limit; }
void guest_as_limit_restore(const struct rlimit *saved) { guest_as_limit = *saved; }

void guest_brk_init(uint64_t start)
{
    brk_start = brk_cur = brk_mapped = page_up(start);
}

/* brk is emulated: the kernel's brk area belongs to the runner image, far
 * above 4 GiB.  Growth maps anonymous pages after the guest's bss and fails
 * (returning the old break, as the kernel does) when something is in the way. */
long guest_brk(uint64_t req)
{
    lock(&brk_lock);
    long result = (long)brk_cur;
    if (req >= brk_start && req < X32_TASK_SIZE) {
        uint64_t want = page_up(req);
        if (want > brk_mapped) {
            if (over_as_limit(want - brk_mapped))
                goto out;
            long r = raw_syscall6(SYS_mmap, brk_mapped, want - brk_mapped,
                                  PROT_READ | PROT_WRITE,
                                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
                                  -1, 0);
            if (raw_failed(r) || (uint64_t)r != brk_mapped) {
                if (!raw_failed(r))
                    raw_syscall2(SYS_munmap, r, want - brk_mapped);
                goto out;
            }
        } else if (want < brk_mapped) {
            raw_syscall2(SYS_munmap, want, brk_mapped - want);
        }
        brk_mapped = want;
        brk_cur = req;
        result = (long)req;
    }
out:
    unlock(&brk_lock);
    return result;
}
