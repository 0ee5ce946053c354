/* fastpath_bad_input: what a program may do to code the rewrite fast path
 * touched.  Everywhere: making a patched page writable shows the original
 * instruction bytes again, and an instruction rewritten there runs as
 * written (here: the site's call number changes from getppid to getpid).
 * When the site was rewritten also: writing into the stub region or jumping
 * to its start faults with SIGSEGV, as for unmapped memory on the kernel (the
 * region is out of /proc/self/maps), and mapping over it works as there: the
 * site gets its bytes back and keeps answering right. */
#include "check.h"
#include "fastpath_site.h"
#include <stdint.h>
#include <sys/mman.h>

#ifdef __ILP32__
#define GETPID_NR 0x40000027u
#else
#define GETPID_NR 39u
#endif

static uintptr_t stub_region;

/* 1 when /proc/self/maps shows a mapping holding addr. */
static int listed(uintptr_t addr)
{
    FILE *f = fopen("/proc/self/maps", "r");
    unsigned long lo, hi;
    char line[512];
    int found = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 && addr >= lo && addr < hi)
            found = 1;
    if (f)
        fclose(f);
    return found;
}

static void write_stub(void) { *(volatile char *)stub_region = 0; }

static void jump_to_region(void)
{
    __asm__ volatile("movl $" SITE_NR_STR ", %%eax\n\tjmp *%0" : : "r"((unsigned long long)stub_region)
                     : "rax", "memory");
}

static void map_over_region(void)
{
    void *r = mmap((void *)stub_region, 4096, PROT_READ,
                   MAP_FIXED_NOREPLACE | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    long long out[5];
    long bad = r != (void *)stub_region;
    for (int i = 0; i < 10; i++) {
        site_leaf(out);
        bad += out[0] != (long long)getppid();
    }
    _exit(bad ? 1 : 0);
}

static int died_of_segv(int st)
{
    return (WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV) || (WIFEXITED(st) && WEXITSTATUS(st) == 139);
}

int main(void)
{
    long long out[5];
    for (int i = 0; i < 10; i++) /* x32-run rewrites a site after a few traps */
        site_leaf(out);
    CHECK_EQ(out[0], (long long)getppid());
    unsigned char jmp[5];
    site_peek(jmp, 5);
    if (site_state_ok() && jmp[0] == 0xe9) {
        int32_t rel;
        memcpy(&rel, jmp + 1, 4);
        /* The executable is below 2 GiB, so its stubs are too; this site's
         * is among the first, in the region's first page. */
        uintptr_t stub = (uintptr_t)(site_mov + 5 + rel);
        stub_region = stub & ~(uintptr_t)4095;
        CHECK(!listed(stub));
        char msg[512];
        CHECK(died_of_segv(run_child_stderr(write_stub, msg, sizeof msg)));
        CHECK(died_of_segv(run_child_stderr(jump_to_region, msg, sizeof msg)));
        CHECK_EXITED(run_child_stderr(map_over_region, msg, sizeof msg), 0);
    }
    /* Rewrite the instruction: the kernel would simply run the new bytes. */
    uintptr_t page = (uintptr_t)site_mov & ~(uintptr_t)4095;
    size_t len = (((uintptr_t)site_mov + 7 + 4095) & ~(uintptr_t)4095) - page;
    REQUIRE_SYS(mprotect((void *)page, len, PROT_READ | PROT_WRITE | PROT_EXEC));
    CHECK_EQ(((volatile unsigned char *)site_mov)[0], 0xb8);
    uint32_t nr = GETPID_NR;
    memcpy((unsigned char *)site_mov + 1, &nr, 4);
    REQUIRE_SYS(mprotect((void *)page, len, PROT_READ | PROT_EXEC));
    for (int i = 0; i < 3; i++) {
        site_leaf(out);
        CHECK_EQ(out[0], (long long)getpid());
    }
    return check_done();
}
