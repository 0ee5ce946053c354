/* misc_gs_wrgsbase: where the CPU and kernel enable FSGSBASE, a program reads
 * and writes its %gs base with rdgsbase and wrgsbase, without the kernel, and
 * the base must be the program's as on the kernel: 0 in a fresh program,
 * what wrgsbase put there afterwards (ARCH_GET_GS agrees), through thousands
 * of system calls at a rewritten site (the runner's fast path runs in
 * between), in a signal handler, in a new thread (clone copies it) and a
 * forked child; and a thread's own base stays its own.  A vfork child, which
 * shares its parent's %fs, and glibc's syscall() (whose call number is only
 * known at run time) take the fast path's other ways in.  Before the
 * %fs-anchored entry, rdgsbase read the runner's thread block and a wrgsbase
 * took the fast path's anchor away.  Exits 77 where FSGSBASE is off (this
 * machine's CPU, often): run it in tests/vm's guest, whose CPU has it. */
// build: -pthread
#include "check.h"
#include "fastpath_site.h"
#include <asm/prctl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define HWCAP2_FSGSBASE (1 << 1)

static uint64_t block_a[4] = {0x1111222233334444ULL, 0x5555666677778888ULL};
static uint64_t block_b[4] = {0x9999aaaabbbbccccULL, 0xddddeeeeffff0000ULL};

static uint64_t rd_gs(void)
{
    uint64_t v;
    __asm__ volatile("rdgsbase %0" : "=r"(v));
    return v;
}

static void wr_gs(uint64_t v) { __asm__ volatile("wrgsbase %0" : : "r"(v) : "memory"); }

static uint64_t gs_word(int i)
{
    uint64_t v;
    if (i == 0)
        __asm__ volatile("movq %%gs:0, %0" : "=r"(v));
    else
        __asm__ volatile("movq %%gs:8, %0" : "=r"(v));
    return v;
}

static uint64_t arch_gs(void)
{
    uint64_t b = 1;
    if (syscall(SYS_arch_prctl, ARCH_GET_GS, &b) != 0)
        return ~0ULL;
    return b;
}

static long calls_through_site(int n)
{
    long long out[5];
    long bad = 0, parent = (long)getppid();
    for (int i = 0; i < n; i++) {
        site_leaf(out);
        bad += out[0] != parent || out[2] != 0;
    }
    return bad;
}

/* glibc's syscall(): its site takes the number in %rax at run time. */
static long calls_through_syscall(int n)
{
    long bad = 0, parent = (long)getppid(), self = (long)getpid();
    for (int i = 0; i < n; i++)
        bad += syscall(SYS_getppid) != parent || syscall(SYS_getpid) != self;
    return bad;
}

static volatile uint64_t seen_in_handler, base_in_handler;

static void on_usr1(int sig)
{
    (void)sig;
    seen_in_handler = gs_word(0);
    base_in_handler = rd_gs();
}

static void *thread_body(void *arg)
{
    long bad = 0;
    (void)arg;
    bad += rd_gs() != (uint64_t)(uintptr_t)block_a; /* clone copies the creator's base */
    bad += calls_through_site(2000);
    bad += gs_word(0) != block_a[0];
    wr_gs((uint64_t)(uintptr_t)block_b);
    bad += calls_through_site(2000) + calls_through_syscall(500);
    bad += gs_word(1) != block_b[1] || rd_gs() != (uint64_t)(uintptr_t)block_b;
    bad += arch_gs() != (uint64_t)(uintptr_t)block_b;
    return (void *)bad;
}

int main(void)
{
    if (!(getauxval(AT_HWCAP2) & HWCAP2_FSGSBASE)) {
        printf("skip: FSGSBASE is off here (AT_HWCAP2 bit 1): rdgsbase and wrgsbase fault\n");
        return 77;
    }
    CHECK_EQ(rd_gs(), 0); /* a fresh task's base, before and after many calls */
    CHECK_EQ(calls_through_site(3000), 0);
    site_state_ok();
    CHECK_EQ(rd_gs(), 0);
    CHECK_EQ(arch_gs(), 0);

    wr_gs((uint64_t)(uintptr_t)block_a);
    CHECK_EQ(rd_gs(), (uint64_t)(uintptr_t)block_a);
    CHECK_EQ(arch_gs(), (uint64_t)(uintptr_t)block_a); /* the kernel sees it too */
    CHECK_EQ(calls_through_site(5000), 0);
    CHECK_EQ(calls_through_syscall(2000), 0);
    CHECK_EQ(gs_word(0), block_a[0]);
    CHECK_EQ(rd_gs(), (uint64_t)(uintptr_t)block_a);

    signal(SIGUSR1, on_usr1);
    CHECK_SYS(raise(SIGUSR1));
    CHECK_EQ(seen_in_handler, block_a[0]);
    CHECK_EQ(base_in_handler, (uint64_t)(uintptr_t)block_a);

    pthread_t th;
    void *r;
    REQUIRE(pthread_create(&th, 0, thread_body, 0) == 0);
    REQUIRE(pthread_join(th, &r) == 0);
    CHECK_EQ((long)r, 0);
    CHECK_EQ(rd_gs(), (uint64_t)(uintptr_t)block_a); /* the thread's own base did not leak here */

    pid_t child = fork();
    if (child == 0)
        _exit(calls_through_site(1000) || rd_gs() != (uint64_t)(uintptr_t)block_a ||
                      gs_word(0) != block_a[0]
                  ? 1
                  : 0);
    REQUIRE(child > 0);
    CHECK_EXITED(wait_status(child), 0);

    /* A vfork child runs under its parent's %fs while the parent waits. */
    child = vfork();
    if (child == 0)
        _exit(calls_through_site(200) || rd_gs() != (uint64_t)(uintptr_t)block_a ? 1 : 0);
    REQUIRE(child > 0);
    CHECK_EXITED(wait_status(child), 0);
    CHECK_EQ(calls_through_site(2000), 0);
    CHECK_EQ(rd_gs(), (uint64_t)(uintptr_t)block_a);

    /* wrgsbase alone, then ARCH_SET_GS: each sees the other's value. */
    CHECK_SYS(syscall(SYS_arch_prctl, ARCH_SET_GS, (unsigned long)(uintptr_t)block_b));
    CHECK_EQ(rd_gs(), (uint64_t)(uintptr_t)block_b);
    CHECK_EQ(calls_through_site(1000), 0);
    wr_gs(0);
    CHECK_EQ(arch_gs(), 0);
    CHECK_EQ(calls_through_site(1000), 0);
    site_state_ok();
    return check_done();
}
