/* fastpath_cross_block: system-call sites whose 5-byte `mov $nr,%eax` runs
 * across a 16-byte block (a sixth of libc's: openat, close, pread, wait4...).
 * No single store can replace them; x32-run writes them directly while the
 * program is one task, and with an int3 first while other threads may run
 * them (fastpath_poke.c).  Here: one group of such sites rewritten before any
 * thread exists; a second group rewritten while three threads call it in a
 * loop; then the program makes that page writable (every site gets its bytes
 * back, again under the threads' feet) and read-only again.  Every call must
 * return exactly what the kernel's would, and where run.sh says the fast path
 * rewrites, both groups must have become jumps (read as a debugger reads). */
// build: -pthread
#include "check.h"
#include "fastpath_site.h"
#include <pthread.h>
#include <sys/mman.h>

/* site GROUP, OFFSET: a 32-byte slot whose mov starts OFFSET bytes into it */
#define CROSS_SITE(name, off)                                                      \
    "  .p2align 5\n"                                                               \
    "  .globl " name "\n" name ":\n"                                               \
    "  .skip " #off ", 0x90\n"                                                     \
    "  movl $" SITE_NR_STR ", %eax\n"                                              \
    "  syscall\n"                                                                  \
    "  ret\n"

__asm__(".text\n"
        ".p2align 12\n"
        CROSS_SITE("cross_a12", 12) CROSS_SITE("cross_a13", 13) CROSS_SITE("cross_a14", 14)
        CROSS_SITE("cross_a15", 15) CROSS_SITE("cross_b12", 12) CROSS_SITE("cross_b13", 13)
        CROSS_SITE("cross_b14", 14) CROSS_SITE("cross_b15", 15));
long cross_a12(void), cross_a13(void), cross_a14(void), cross_a15(void);
long cross_b12(void), cross_b13(void), cross_b14(void), cross_b15(void);

typedef long (*site_fn)(void);
static site_fn group_a[4] = {cross_a12, cross_a13, cross_a14, cross_a15};
static site_fn group_b[4] = {cross_b12, cross_b13, cross_b14, cross_b15};
static const int offsets[4] = {12, 13, 14, 15};

static long parent;
static volatile int stop;

static long call_group(site_fn *g, int rounds)
{
    long bad = 0;
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < 4; i++)
            bad += g[i]() != parent;
    return bad;
}

static void *caller(void *arg)
{
    long bad = 0;
    (void)arg;
    while (!stop)
        bad += call_group(group_b, 1);
    return (void *)bad;
}

/* The first byte of each site's mov, as a debugger reads it. */
static int all_first_bytes(site_fn *g, unsigned char want)
{
    int ok = 1;
    for (int i = 0; i < 4; i++) {
        unsigned char b = 0;
        code_peek((const void *)((uintptr_t)g[i] + (uintptr_t)offsets[i]), &b, 1);
        if (b != want)
            ok = 0;
    }
    return ok;
}

int main(void)
{
    parent = (long)getppid();
    int rewrite = rewrite_expected() == 1;

    /* one task: written directly */
    CHECK_EQ(call_group(group_a, 10), 0);
    if (rewrite)
        CHECK(all_first_bytes(group_a, 0xe9));

    /* three threads calling group b while its sites are rewritten */
    pthread_t th[3];
    for (int i = 0; i < 3; i++)
        REQUIRE(pthread_create(&th[i], NULL, caller, NULL) == 0);
    CHECK_EQ(call_group(group_b, 2000), 0);
    if (rewrite)
        CHECK(all_first_bytes(group_b, 0xe9));

    /* the page made writable under the threads: every site gets its bytes back */
    uintptr_t page = (uintptr_t)cross_a12 & ~(uintptr_t)4095;
    CHECK_EQ(mprotect((void *)page, 4096, PROT_READ | PROT_WRITE | PROT_EXEC), 0);
    CHECK(all_first_bytes(group_a, 0xb8));
    CHECK(all_first_bytes(group_b, 0xb8));
    CHECK_EQ(call_group(group_b, 500), 0);
    CHECK_EQ(mprotect((void *)page, 4096, PROT_READ | PROT_EXEC), 0);
    CHECK_EQ(call_group(group_b, 500), 0);
    CHECK_EQ(call_group(group_a, 10), 0);

    stop = 1;
    for (int i = 0; i < 3; i++) {
        void *bad;
        pthread_join(th[i], &bad);
        CHECK_EQ((long)bad, 0);
    }
    return check_done();
}
