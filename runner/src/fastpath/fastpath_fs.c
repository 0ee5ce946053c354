/* The rewrite fast path's %fs-anchored entry, for CPUs and kernels with
 * FSGSBASE, where a program reads and writes its %gs base with rdgsbase and
 * wrgsbase, never asking the kernel (and so never the runner).  There the %gs
 * base cannot hold the runner's thread block between calls, as it does
 * elsewhere (fastpath_gs.c): the program would read the runner's block, and a
 * wrgsbase would take the hook's anchor away.
 *
 * So the stub finds the block through the %fs base instead, which is per
 * thread and, in an x32 program, below 4 GiB: a table of 4 GiB + 8 bytes
 * (lazily populated, so it costs a page per thread), in which the 8 bytes at
 * offset fs name the block of the thread whose %fs base is fs.  The entry
 * (fastpath_entry.S) reads it with rdfsbase, keeps the program's %gs base in
 * the block, points %gs at the block while the hook runs, and puts the
 * program's base back as the last thing before returning.  Outside the hook
 * the %gs base is always the program's: ARCH_GET_GS, ARCH_SET_GS, rdgsbase
 * and wrgsbase all see and set the program's own value, as on the kernel.
 *
 * A thread is listed under its %fs base when it starts (the main thread at
 * its first trap, a CLONE_SETTLS child as it starts) and again after each
 * ARCH_SET_FS; it is unlisted when it exits.  A base the table cannot hold
 * (above 4 GiB), a thread that shares its creator's %fs (CLONE_VM without
 * CLONE_SETTLS: both are unlisted, so that no two threads ever use one
 * block), and a base the program set with wrfsbase find no block: their calls
 * trap at the redelivery `syscall` + 4 (fastpath_fs_miss), which emulates
 * them as the site's own, through SUD.  A program that puts one thread's %fs
 * base into another thread with wrfsbase would make both use one block; such
 * a program shares its TLS between threads and runs with X32_RUN_TRAP=sud. */
#include "base/x32_abi.h"
#include "fastpath/fastpath_internal.h"
#include "fastpath/fastpath_fs.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include "loader/loader.h"
#include <elf.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#define HWCAP2_FSGSBASE (1u << 1)
#define FS_TABLE_SIZE (GUEST_LIMIT + 4096)

int fastpath_fs_mode;
int fastpath_fs_shlx;
uint64_t fast_fs_table;   /* read by fastpath_entry.S */
uint64_t fast_fs_miss_at; /* read by fastpath_entry.S */

int fastpath_fs_host(void) { return (host_auxval(AT_HWCAP2) & HWCAP2_FSGSBASE) != 0; }

void fastpath_fs_reserve(void)
{
    if (!fastpath_fs_host())
        return;
    long r = raw_syscall6(SYS_mmap, 0, FS_TABLE_SIZE, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (raw_failed(r))
        return;
    if ((uint64_t)r < GUEST_LIMIT) {
        raw_syscall2(SYS_munmap, r, FS_TABLE_SIZE);
        return;
    }
    fast_fs_table = (uint64_t)r;
}

uint64_t fastpath_fs_base(void)
{
    uint64_t fs;
    __asm__ volatile("rdfsbase %0" : "=r"(fs));
    return fs;
}

/* The slot is 8 bytes at any offset: TLS blocks lie far apart, so no two
 * live threads' slots overlap. */
static void slot_write(uint64_t fs, uint64_t value)
{
    __atomic_store_n((uint64_t *)(uintptr_t)(fast_fs_table + fs), value, __ATOMIC_RELEASE);
}

static uint64_t slot_read(uint64_t fs)
{
    return __atomic_load_n((uint64_t *)(uintptr_t)(fast_fs_table + fs), __ATOMIC_ACQUIRE);
}

void fastpath_fs_unlist(struct thread_state *t)
{
    if (!fastpath_fs_mode || !t->fs_listed)
        return;
    if (slot_read(t->fs_listed_at) == (uint64_t)t)
        slot_write(t->fs_listed_at, 0);
    t->fs_listed = 0;
}

void fastpath_fs_list(struct thread_state *t, uint64_t fs)
{
    if (!fastpath_fs_mode)
        return;
    if (t->fast.self != (uint64_t)t)
        fastpath_thread_start(t); /* lists it under the current base */
    fastpath_fs_unlist(t);
    t->fs_shared = 0; /* its own base from now on (ARCH_SET_FS, the vfork child gone) */
    if (fs >> 32)
        return;
    uint64_t holder = slot_read(fs);
    if (holder && holder != (uint64_t)t) {
        struct thread_state *o = (struct thread_state *)(uintptr_t)holder;
        if (o->fs_listed && o->fs_listed_at == fs) {
            /* Another live thread runs under this base (the program gave it to
             * both): neither may have the block to itself. */
            slot_write(fs, 0);
            o->fs_listed = 0;
            o->fs_shared = t->fs_shared = 1;
            return;
        }
    }
    slot_write(fs, (uint64_t)t);
    t->fs_listed_at = fs;
    t->fs_listed = 1;
}

int fastpath_fs_before_clone(struct thread_state *t, uint64_t flags,
                             struct thread_state *child)
{
    int was_shared = t->fs_shared;
    if (!fastpath_fs_mode)
        return was_shared;
    child->fs_shared = !(flags & CLONE_SETTLS);
    if (child->fs_shared) {
        /* From the clone on, two threads run under this %fs: neither may find
         * the block (the child would use the creator's altstack). */
        fastpath_fs_unlist(t);
        t->fs_shared = 1;
    }
    return was_shared;
}

void fastpath_fs_after_clone(struct thread_state *t, uint64_t flags, long result,
                             int was_shared)
{
    if (!fastpath_fs_mode || (flags & CLONE_SETTLS) || was_shared ||
        !((flags & CLONE_VFORK) || result < 0))
        return;
    /* The vfork child has exec'd or exited (or no child came): the %fs is
     * this thread's alone again. */
    fastpath_fs_list(t, fastpath_fs_base());
}

void fastpath_fs_after_fork(struct thread_state *t, struct thread_state *others)
{
    if (!fastpath_fs_mode)
        return;
    /* The child's copy of the table names blocks of threads it does not have. */
    for (struct thread_state *o = others; o; o = o->next_thread)
        if (o != t)
            fastpath_fs_unlist(o);
}

void fastpath_fs_set_miss_address(uint64_t redeliver)
{
    if (redeliver)
        fast_fs_miss_at = redeliver + FS_MISS_OFFSET;
}

int fastpath_fs_miss(ucontext_t *uc)
{
    greg_t *g = uc->uc_mcontext.gregs;
    if (!fastpath_fs_mode || !fast_fs_miss_at || (uint64_t)g[REG_RIP] != fast_fs_miss_at + 2)
        return 0;
    uint64_t packed = (uint64_t)g[REG_RAX];
    g[REG_RAX] = (greg_t)(packed >> 32);
    g[REG_RIP] = g[REG_RCX] = (greg_t)(uint32_t)packed;
    return 1;
}
