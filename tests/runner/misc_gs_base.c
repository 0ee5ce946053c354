/* misc_gs_base: the %gs base belongs to the program, as on the kernel.
 * A fresh program reads 0 through ARCH_GET_GS; ARCH_SET_GS to its own
 * memory succeeds, reads back, and %gs-relative loads see that memory; the
 * base survives thousands of system calls (through a patched site, where the
 * runner's fast path runs with the program's %gs live), a signal handler, a
 * new thread (which inherits it, as clone copies it) and fork.  Before
 * issue 30 the runner's fast path kept its own block in %gs: the fresh base
 * was non-zero and ARCH_SET_GS failed with EINVAL. */
// build: -pthread
#include "check.h"
#include "fastpath_site.h"
#include <asm/prctl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>

static uint64_t block_a[4] = {0x1111222233334444ULL, 0x5555666677778888ULL};
static uint64_t block_b[4] = {0x9999aaaabbbbccccULL, 0xddddeeeeffff0000ULL};

static long get_gs(uint64_t *base)
{
    /* The kernel writes a full unsigned long (8 bytes) even for x32. */
    return syscall(SYS_arch_prctl, ARCH_GET_GS, base);
}

static uint64_t gs_word(int i)
{
    uint64_t v;
    if (i == 0)
        __asm__ volatile("movq %%gs:0, %0" : "=r"(v));
    else
        __asm__ volatile("movq %%gs:8, %0" : "=r"(v));
    return v;
}

static long calls_through_site(int n)
{
    long long out[5];
    long bad = 0, parent = (long)getppid();
    for (int i = 0; i < n; i++) {
        site_leaf(out);
        bad += out[0] != parent;
    }
    return bad;
}

static volatile uint64_t seen_in_handler;

static void on_usr1(int sig)
{
    (void)sig;
    seen_in_handler = gs_word(0);
}

static void *thread_body(void *arg)
{
    uint64_t base = 1;
    long bad = 0;
    (void)arg;
    if (get_gs(&base) != 0 || base != (uint64_t)(uintptr_t)block_a)
        bad++; /* clone copies the creator's base */
    bad += calls_through_site(2000);
    if (gs_word(0) != block_a[0])
        bad++;
    /* A thread's base is its own: setting it here leaves main's alone. */
    if (syscall(SYS_arch_prctl, ARCH_SET_GS, (unsigned long)(uintptr_t)block_b) != 0)
        bad++;
    bad += calls_through_site(2000);
    if (gs_word(1) != block_b[1])
        bad++;
    return (void *)bad;
}

int main(void)
{
    uint64_t base = 1;
    CHECK_SYS(get_gs(&base));
    CHECK_EQ(base, 0); /* a fresh task's base, before and after many calls */
    CHECK_EQ(calls_through_site(3000), 0);
    base = 1;
    CHECK_SYS(get_gs(&base));
    CHECK_EQ(base, 0);

    CHECK_SYS(syscall(SYS_arch_prctl, ARCH_SET_GS, (unsigned long)(uintptr_t)block_a));
    CHECK_SYS(get_gs(&base));
    CHECK_EQ(base, (uint64_t)(uintptr_t)block_a);
    CHECK_EQ(gs_word(0), block_a[0]);
    CHECK_EQ(calls_through_site(5000), 0);
    CHECK_EQ(gs_word(1), block_a[1]);

    signal(SIGUSR1, on_usr1);
    CHECK_SYS(raise(SIGUSR1));
    CHECK_EQ(seen_in_handler, block_a[0]);
    CHECK_EQ(gs_word(0), block_a[0]);

    pthread_t th;
    void *r;
    REQUIRE(pthread_create(&th, 0, thread_body, 0) == 0);
    REQUIRE(pthread_join(th, &r) == 0);
    CHECK_EQ((long)r, 0);
    CHECK_EQ(gs_word(0), block_a[0]); /* the thread's own base did not leak here */

    pid_t child = fork();
    if (child == 0) {
        uint64_t b = 0;
        long bad = calls_through_site(1000);
        _exit(bad || get_gs(&b) != 0 || b != (uint64_t)(uintptr_t)block_a ||
                      gs_word(0) != block_a[0]
                  ? 1
                  : 0);
    }
    REQUIRE(child > 0);
    CHECK_EXITED(wait_status(child), 0);

    CHECK_SYS(syscall(SYS_arch_prctl, ARCH_SET_GS, 0UL));
    CHECK_SYS(get_gs(&base));
    CHECK_EQ(base, 0);
    CHECK_EQ(calls_through_site(1000), 0);
    return check_done();
}
