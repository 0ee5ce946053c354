/* misc_rlimit_as_enforced: a lowered RLIMIT_AS makes large allocations fail with
 * ENOMEM and small ones still work; raising it again lets the large one through.
 * x32-run cannot give the guest's limit to the kernel (its own reservations above
 * 4 GiB would count), so it enforces it on the guest's mappings; before it did,
 * glibc's tst-vfprintf-width-prec and tst-dynarray-fail failed under it. */
#include "check.h"
#include <stdint.h>
#include <sys/mman.h>
#include <sys/resource.h>

int main(void)
{
    struct rlimit old, low;
    REQUIRE(getrlimit(RLIMIT_AS, &old) == 0);
    low = old;
    low.rlim_cur = 512u << 20;
    REQUIRE(setrlimit(RLIMIT_AS, &low) == 0);

    /* MAP_NORESERVE: the limit is on address space, and the VM of tests/vm has 1 GiB of
     * memory, which the kernel's overcommit heuristic would hold against 1 GiB. */
    errno = 0;
    void *big = mmap(NULL, 1u << 30, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    CHECK(big == MAP_FAILED);
    CHECK_EQ(errno, ENOMEM);
    void *small = mmap(NULL, 64u << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(small != MAP_FAILED);
    /* Growing the small mapping past the limit fails too. */
    errno = 0;
    CHECK(mremap(small, 64u << 20, 1u << 30, MREMAP_MAYMOVE) == MAP_FAILED);
    CHECK_EQ(errno, ENOMEM);
    /* malloc goes through brk or mmap: both must respect the limit. */
    CHECK(malloc(700u << 20) == NULL);

    REQUIRE(setrlimit(RLIMIT_AS, &old) == 0);
    big = mmap(NULL, 1u << 30, PROT_READ | PROT_WRITE,
               MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    CHECK(big != MAP_FAILED);
    if (big != MAP_FAILED)
        CHECK((uintptr_t)big + (1u << 30) - 1 > (uintptr_t)big); /* fits the address space */
    return check_done();
}
