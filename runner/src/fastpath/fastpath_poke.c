/* Writing a site's 5 bytes while other threads may be running them.
 *
 * Inside one aligned 16-byte block, one `lock cmpxchg16b` swaps them: every
 * thread fetches either the old instruction or the new one.  A site whose
 * bytes run on into the next block (a sixth of libc's: openat, close, pread,
 * wait4, futex wakes among them) cannot be written in one store:
 *   - while the program is one task (fastpath_vm_shared clear), nothing else
 *     runs its code as the SIGSYS handler writes it: a plain copy;
 *   - with threads, the way Linux patches its own text (text_poke_bp): an
 *     int3 on the first byte, then the other four, then the first.  The page
 *     goes back to read-only after each step, and that mprotect's TLB flush
 *     interrupts every CPU running the program, which serializes it before
 *     the next step.  A thread that meets the int3 gets SIGTRAP, and
 *     poke_int3_trap runs the site's instruction for it (the `mov $nr,%eax`
 *     or `mov 8(%rsp),%r9` the bytes held or will hold again), then lets it
 *     go on to the `syscall`, which traps through SUD as usual. */
#include "fastpath/fastpath_poke.h"
#include "base/guest_mem.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include "gdb/stub/gdb.h"
#include <sys/mman.h>
#include <sys/syscall.h>

int fastpath_vm_shared;

/* The sites poked with an int3, newest last: a thread that met the int3 may
 * reach poke_int3_trap after the poke is over, so they are kept. */
#define POKED 256
static struct {
    uint64_t at;
    unsigned char insn[5]; /* the instruction the site runs */
} poked[POKED];
static unsigned npoked;

static int set_prot(uint64_t page, int prot)
{
    return (int)raw_syscall3(SYS_mprotect, page, 4096, prot);
}

static int swap_in_block(uint64_t at, const unsigned char from[5], const unsigned char to[5])
{
    uint64_t block = at & ~15ULL;
    unsigned off = (unsigned)(at & 15);
    for (int tries = 0; tries < 3; tries++) {
        uint64_t cur[2], want[2];
        mem_copy(cur, (const void *)block, 16);
        if (!mem_eq((const char *)cur + off, from, 5))
            return -1;
        mem_copy(want, cur, 16);
        mem_copy((char *)want + off, to, 5);
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

/* The int3 sequence; the page is writable on entry and left at `done`. */
static void poke_with_int3(uint64_t at, const unsigned char from[5], const unsigned char to[5],
                           int writable, int done)
{
    uint64_t page = at & ~4095ULL;
    unsigned slot = npoked++ % POKED;
    poked[slot].at = 0;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    /* the instruction a thread stopped at the int3 must run: what the site
     * held (patching) or will hold (restoring), whichever is not the jump */
    mem_copy(poked[slot].insn, from[0] == 0xe9 ? to : from, 5);
    __atomic_store_n(&poked[slot].at, at, __ATOMIC_RELEASE);
    *(volatile unsigned char *)at = 0xcc;
    set_prot(page, done);
    set_prot(page, writable);
    mem_copy((void *)(at + 1), to + 1, 4);
    set_prot(page, done);
    set_prot(page, writable);
    *(volatile unsigned char *)at = to[0];
}

int poke_site(uint64_t at, const unsigned char from[5], const unsigned char to[5], int prot,
              int xonly)
{
    uint64_t page = at & ~4095ULL;
    int done = xonly ? PROT_EXEC : prot, writable = prot | PROT_WRITE;
    if ((at & 4095) > 4096 - 5)
        return -1; /* on two pages: never rewritten */
    /* (with PROT_READ or PROT_WRITE the kernel drops the execute-only key) */
    if (set_prot(page, writable))
        return -1;
    int r = 0;
    if ((at & 15) <= 11)
        r = swap_in_block(at, from, to);
    else if (!mem_eq((const void *)at, from, 5))
        r = -1;
    else if (!__atomic_load_n(&fastpath_vm_shared, __ATOMIC_ACQUIRE))
        mem_copy((void *)at, to, 5);
    else if (gdb_active && from[0] != 0xe9)
        r = -1; /* gdb owns SIGTRAP: no int3 of ours while it debugs, no new such site */
    else
        poke_with_int3(at, from, to, writable, done);
    set_prot(page, done);
    return r;
}

int poke_int3_trap(ucontext_t *uc, int sig, const siginfo_t *si)
{
    if (sig != SIGTRAP || si->si_code != SI_KERNEL || !npoked)
        return 0;
    greg_t *g = uc->uc_mcontext.gregs;
    uint64_t at = (uint64_t)g[REG_RIP] - 1;
    int internal;
    if (gdb_bp_at(at, &internal))
        return 0; /* gdb's own breakpoint there */
    for (unsigned i = 0; i < POKED && i < npoked; i++) {
        if (__atomic_load_n(&poked[i].at, __ATOMIC_ACQUIRE) != at)
            continue;
        const unsigned char *insn = poked[i].insn;
        if (insn[0] == 0xb8) { /* mov $imm32,%eax: zero-extends */
            uint32_t imm;
            mem_copy(&imm, insn + 1, 4);
            g[REG_RAX] = (greg_t)imm;
        } else { /* mov 8(%rsp),%r9 */
            uint64_t v;
            if (try_copy_from_guest(&v, (uint64_t)g[REG_RSP] + 8, 8))
                return 0;
            g[REG_R9] = (greg_t)v;
        }
        g[REG_RIP] = (greg_t)(at + 5);
        debug_log("rewrite: a thread met the int3 at %p", (void *)(uintptr_t)at);
        return 1;
    }
    return 0;
}
