/* fastpath_many_sites: 600 distinct `mov $getppid,%eax; syscall` sites, each
 * called often enough to be rewritten.  Their stubs fill more than one page
 * of a stub region (256 stubs of 16 bytes a page): x32-run maps a region's
 * later pages only when a stub needs them, and every site must still answer
 * exactly, before and after.  Where run.sh says the fast path rewrites, the
 * last site must be a jump by then (read as a debugger reads it). */
#include "check.h"
#include "fastpath_site.h"

#define NSITES 600

/* site_N: a 16-byte aligned `mov $nr,%eax; syscall; ret` */
__asm__(".text\n"
        ".p2align 4\n"
        ".globl many_sites\n"
        "many_sites:\n"
        ".rept " "600" "\n"
        "  .p2align 4\n"
        "  movl $" SITE_NR_STR ", %eax\n"
        "  syscall\n"
        "  ret\n"
        ".endr\n");
extern const unsigned char many_sites[];

typedef long (*site_fn)(void);

static site_fn site_at(int i)
{
    return (site_fn)(uintptr_t)(many_sites + 16 * i);
}

int main(void)
{
    long parent = (long)getppid();
    long bad = 0;
    for (int round = 0; round < 8; round++)
        for (int i = 0; i < NSITES; i++)
            bad += site_at(i)() != parent;
    CHECK_EQ(bad, 0);
    if (rewrite_expected() == 1) {
        unsigned char first;
        code_peek(many_sites + 16 * (NSITES - 1), &first, 1);
        CHECK_EQ(first, 0xe9);
    }
    return check_done();
}
