/* Writing a site's 5 bytes while other threads may be running them.
 *
 * Inside one aligned 16-byte block, one `lock cmpxchg16b` swaps them: every
 * thread fetches either the old instruction or the new one.  A site whose
 * `mov $nr,%eax` runs on into the next block (a sixth of libc's: openat,
 * close, pread, wait4, futex wakes among them) takes one such swap per block:
 *   - while the program is one task (guest_vm_shared clear), nothing else
 *     runs its code as the SIGSYS handler writes it;
 *   - with threads, the two swaps go in the order that leaves, in between, a
 *     `mov` with a mixed immediate, never a jump to a mixed address: the tail
 *     first when the jump goes in, the head first when the mov comes back.
 *     The page is read-only again between them (that mprotect's TLB flush
 *     interrupts, and so serializes, every CPU running the program).  A
 *     thread that runs the mixed mov reaches the `syscall` with that mixed
 *     number, which SUD traps; poke_fix_torn_call, first thing in the SIGSYS
 *     handler, knows the value and puts the site's number in its place.
 * (An int3 first, as Linux patches its own text, was tried: a thread that
 * meets it while glibc blocks every signal, as pthread_create does, is
 * killed by the kernel, since a blocked SIGTRAP cannot be delivered.) */
#include "fastpath/fastpath_internal.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <sys/mman.h>
#include <sys/syscall.h>


/* Sites written in two swaps while threads ran: the `syscall` after them and
 * the number a thread that ran the half-written mov traps with.  Kept, since
 * such a thread may be preempted before it traps. */
#define TORN 256
static struct {
    uint64_t syscall_at;
    uint32_t torn_nr, nr;
} torn[TORN];
static unsigned ntorn;

static int set_prot(uint64_t page, int prot)
{
    return (int)raw_syscall3(SYS_mprotect, page, 4096, prot);
}

/* Swaps bytes [off, off + n) of the aligned block from `from` to `to` (the
 * rest as it is now): one cmpxchg16b; 0 when done. */
static int swap_part(uint64_t block, unsigned off, const unsigned char *from,
                     const unsigned char *to, unsigned n)
{
    for (int tries = 0; tries < 3; tries++) {
        uint64_t cur[2], want[2];
        mem_copy(cur, (const void *)block, 16);
        if (!mem_eq((const char *)cur + off, from, n))
            return -1;
        mem_copy(want, cur, 16);
        mem_copy((char *)want + off, to, n);
        uint64_t lo = cur[0], hi = cur[1];
        unsigned char ok;
        __asm__ volatile("lock cmpxchg16b %1\n\tsete %0"
                         : "=q"(ok), "+m"(*(volatile unsigned __int128 *)block), "+a"(lo),
                           "+d"(hi)
                         : "b"(want[0]), "c"(want[1])
                         : "memory", "cc");
        if (ok)
            return 0; /* else a neighbour site changed the block meanwhile */
    }
    return -1;
}

/* Two swaps, threads running: see the top of this file. */
static int write_in_two(uint64_t at, uint64_t syscall_at, const unsigned char from[5],
                        const unsigned char to[5], int writable, int done)
{
    const unsigned char *mov = from[0] == 0xb8 ? from : to;
    if (mov[0] != 0xb8 || (from[0] != 0xe9 && to[0] != 0xe9))
        return -1; /* only `mov $nr,%eax` sites are written so */
    unsigned head = 16 - (unsigned)(at & 15), tail = 5 - head;
    uint64_t block = at & ~15ULL, page = at & ~4095ULL;
    int restoring = from[0] == 0xe9;
    /* the mixed mov: its first byte and head from the mov, the rest from the jump
     * (patching: the tail goes first) or the other way round (restoring) */
    unsigned char mixed[5];
    mem_copy(mixed, mov, head);
    mem_copy(mixed + head, (restoring ? from : to) + head, tail);
    unsigned slot = ntorn++ % TORN;
    torn[slot].syscall_at = 0;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    mem_copy(&torn[slot].torn_nr, mixed + 1, 4);
    mem_copy(&torn[slot].nr, mov + 1, 4);
    __atomic_store_n(&torn[slot].syscall_at, syscall_at, __ATOMIC_RELEASE);
    int r;
    if (restoring)
        r = swap_part(block, 16 - head, from, to, head);
    else
        r = swap_part(block + 16, 0, from + head, to + head, tail);
    if (r)
        return -1;
    set_prot(page, done);
    set_prot(page, writable);
    if (restoring)
        r = swap_part(block + 16, 0, from + head, to + head, tail);
    else
        r = swap_part(block, 16 - head, from, to, head);
    return r;
}

int poke_site(uint64_t at, uint64_t syscall_at, const unsigned char from[5],
              const unsigned char to[5], int prot, int xonly)
{
    uint64_t page = at & ~4095ULL;
    int done = xonly ? PROT_EXEC : prot, writable = prot | PROT_WRITE;
    if ((at & 4095) > 4096 - 5)
        return -1; /* on two pages: never rewritten */
    /* (with PROT_READ or PROT_WRITE the kernel drops the execute-only key) */
    if (set_prot(page, writable))
        return -1;
    int r = 0;
    unsigned off = (unsigned)(at & 15);
    if (off <= 11)
        r = swap_part(at & ~15ULL, off, from, to, 5);
    else if (!mem_eq((const void *)at, from, 5))
        r = -1;
    else if (!__atomic_load_n(&guest_vm_shared, __ATOMIC_ACQUIRE))
        mem_copy((void *)at, to, 5);
    else
        r = write_in_two(at, syscall_at, from, to, writable, done);
    set_prot(page, done);
    return r;
}

void poke_fix_torn_call(ucontext_t *uc)
{
    if (!__atomic_load_n(&ntorn, __ATOMIC_ACQUIRE))
        return;
    greg_t *g = uc->uc_mcontext.gregs;
    uint64_t at = (uint64_t)g[REG_RIP] - 2;
    for (unsigned i = 0; i < TORN && i < ntorn; i++)
        if (__atomic_load_n(&torn[i].syscall_at, __ATOMIC_ACQUIRE) == at &&
            (uint64_t)g[REG_RAX] == torn[i].torn_nr) {
            g[REG_RAX] = (greg_t)torn[i].nr;
            debug_log("rewrite: a thread ran the half-written site before %p",
                      (void *)(uintptr_t)at);
            return;
        }
}
