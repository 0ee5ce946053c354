/* Execute-only rewritten pages: a program that reads its own code (a FIPS
 * self-test, an integrity check, a hot-patcher looking at a call site) must
 * see the bytes the file holds, never a rewrite's jump.
 *
 * Where the CPU has protection keys and the kernel turned them on (OSPKE),
 * Linux makes a page mapped PROT_EXEC alone execute-only: it gives the page
 * an "execute-only" key whose access the thread's PKRU denies, so a load from
 * it faults (SIGSEGV, SEGV_PKUERR) while instructions still run.  A page that
 * holds rewritten sites is kept so.  A load from it - by the program, or by
 * the runner copying a call's buffer - puts every site on that page back to
 * its original bytes, gives the page its own protection again and marks it
 * never to be rewritten again (fastpath_expose_page); the load then runs
 * again and reads the original bytes.  The page's calls go through SUD from
 * then on, as every call does under X32_RUN_TRAP=sud.
 *
 * Without PKU (many CPUs; this is a hardware feature) a page cannot be made
 * unreadable and executable, so the rewrite stays readable: --probe and
 * runner/README.md say so, and X32_RUN_TRAP=sud is the way to run such
 * programs.  The runner itself reads rewritten pages with the key opened
 * (xonly_open); a debugger reads them through /proc/self/mem or ptrace,
 * which ignore protection and so still show the rewrite. */
#include "fastpath/fastpath_internal.h"
#include "fastpath/fastpath_xonly.h"
#include "base/guest_mem.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include "base/x32_abi.h"
#include "base/x32_syscalls.h"
#include <cpuid.h>
#include <errno.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#ifndef SEGV_PKUERR
#define SEGV_PKUERR 4
#endif

int xonly_key; /* the kernel's execute-only key, or 0: pages stay readable */
static int probed;

int cpu_ospke(void)
{
    unsigned a, b, c, d;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (c & (1u << 4));
}

/* rdpkru and wrpkru (binutils before 2.26 lacks their names) */
static uint32_t pkru_read(void)
{
    uint32_t a, d;
    __asm__ volatile(".byte 0x0f, 0x01, 0xee" : "=a"(a), "=d"(d) : "c"(0));
    return a;
}

static void pkru_write(uint32_t v)
{
    __asm__ volatile(".byte 0x0f, 0x01, 0xef" : : "a"(v), "c"(0), "d"(0) : "memory");
}

/* Once, in the SIGSYS handler, before the first rewrite: does PROT_EXEC alone
 * give an unreadable page here, and with which key?  A scratch page is made
 * execute-only and read with each key opened in turn. */
void xonly_probe(void)
{
    if (probed)
        return;
    probed = 1;
    if (!cpu_ospke())
        return;
    long p = raw_syscall6(SYS_mmap, 0, 4096, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw_failed(p))
        return;
    *(volatile unsigned char *)p = 0xc3;
    unsigned char c;
    if (raw_syscall3(SYS_mprotect, p, 4096, PROT_EXEC) == 0 &&
        try_copy_from_guest(&c, (uint64_t)p, 1) == -EFAULT) {
        uint32_t pkru = pkru_read();
        for (int k = 1; k < 16 && !xonly_key; k++) {
            pkru_write(pkru & ~(3u << (2 * k)));
            if (try_copy_from_guest(&c, (uint64_t)p, 1) == 0)
                xonly_key = k;
        }
        pkru_write(pkru);
    }
    raw_syscall2(SYS_munmap, p, 4096);
    debug_log("rewrite fast path: rewritten pages %s", xonly_key ? "are execute-only" :
              "stay readable (no protection keys)");
}

uint32_t xonly_open(void)
{
    if (!xonly_key)
        return 0;
    uint32_t old = pkru_read();
    pkru_write(old & ~(3u << (2 * xonly_key)));
    return old;
}

void xonly_close(uint32_t old)
{
    if (xonly_key)
        pkru_write(old);
}

int xonly_read_fault(int sig, const siginfo_t *si)
{
    if (!xonly_key || sig != SIGSEGV || si->si_code != SEGV_PKUERR)
        return 0;
    return fastpath_expose_page((uint64_t)(uintptr_t)si->si_addr & ~4095ULL);
}

/* The calls whose buffers hide behind a vector of them: their arguments do
 * not point at the page the kernel could not read. */
static int reads_through_vectors(uint64_t nr)
{
    return call_has(nr & ~X32_SYSCALL_BIT, CALL_VECTOR_BUFFERS);
}

int xonly_expose_arguments(uint64_t nr, const greg_t *g)
{
    if (!xonly_key)
        return 0;
    if (reads_through_vectors(nr))
        return fastpath_expose_all(); /* rare: EFAULT, execute-only pages and a vector */
    int any = 0;
    for (int i = 0; i < 6; i++) {
        uint64_t page = call_arg(g, i + 1) & ~4095ULL;
        if (page >= X32_TASK_SIZE)
            continue;
        /* a buffer on the page, or one that runs on into the next */
        for (uint64_t p = page; p <= page + 4096; p += 4096)
            if (fastpath_xonly_page(p))
                any |= fastpath_expose_page(p);
    }
    return any;
}
