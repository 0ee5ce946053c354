/* misc_code_bytes: the program's code and libc's read the same before and
 * after thousands of system calls, as on the kernel (FIPS self-tests,
 * anti-tamper checks, JITs and hot-patchers read code bytes).
 * x32-run's rewrite fast path changes a site's `mov $nr,%eax` into a jump;
 * without memory protection keys (PKU) no program read can be kept from
 * seeing that, so where run.sh says the fast path rewrites
 * (X32_TEST_EXPECT_REWRITE=1) this test reports what it saw and is skipped
 * (exit 77); sud.sh runs it again under X32_RUN_TRAP=sud, where it must pass. */
#include "check.h"
#include "fastpath_site.h"
#include <dlfcn.h>
#include <sys/syscall.h>

#define SPAN 64

int main(void)
{
    const unsigned char *libc_fn = dlsym(RTLD_DEFAULT, "getppid");
    if (!libc_fn) /* static: libc is in the executable */
        libc_fn = (const unsigned char *)(uintptr_t)&getppid;
    unsigned char own0[SPAN], libc0[SPAN];
    /* through an integer: the compiler knows site_mov only as a 5-byte array */
    const unsigned char *own = (const unsigned char *)((uintptr_t)site_mov - 16);
    memcpy(own0, own, SPAN);
    memcpy(libc0, libc_fn, SPAN);

    long parent = (long)getppid();
    long long out[5];
    for (int i = 0; i < 5000; i++) {
        site_leaf(out);
        CHECK_EQ(out[0], parent);
        CHECK_EQ((long)getppid(), parent);
        if (check_failures)
            break;
    }
    int own_same = memcmp(own0, own, SPAN) == 0;
    int libc_same = memcmp(libc0, libc_fn, SPAN) == 0;
    const char *expect = getenv("X32_TEST_EXPECT_REWRITE");
    if (expect && *expect == '1' && !(own_same && libc_same)) {
        printf("skip: x32-run's fast path rewrote code the program reads (%s%s); this host "
               "has no way to hide it (no PKU); X32_RUN_TRAP=sud does (sud/misc_code_bytes)\n",
               own_same ? "" : "its own site", libc_same ? "" : own_same ? "libc" : ", libc");
        return 77;
    }
    CHECK(own_same);
    CHECK(libc_same);
    return check_done();
}
