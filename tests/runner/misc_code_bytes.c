/* misc_code_bytes: the program's code and libc's read the same before and
 * after thousands of system calls, as on the kernel (FIPS self-tests,
 * anti-tamper checks, JITs and hot-patchers read code bytes).
 * x32-run's rewrite fast path changes a site's `mov $nr,%eax` into a jump
 * and, where the CPU has memory protection keys, keeps that page
 * execute-only: a load from it gets the original bytes back.  The loads here
 * are the program's own (memcpy), and the kernel's for a system call (write
 * to a pipe, and process_vm_readv of itself, which needs a readable page).  Without protection keys no load can be kept from seeing the
 * jump, so where run.sh says the fast path rewrites (X32_TEST_EXPECT_REWRITE=1)
 * and the CPU has none, this test reports what it saw and is skipped (exit
 * 77); sud.sh runs it again under X32_RUN_TRAP=sud, where it must pass. */
#include "check.h"
#include "fastpath_site.h"
#include <cpuid.h>
#include <dlfcn.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#define SPAN 64

/* CPUID.7.0:ECX.OSPKE: protection keys, turned on by the kernel */
static int cpu_has_pkeys(void)
{
    unsigned a, b, c, d;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (c & (1u << 4));
}

/* The bytes at code as process_vm_readv of this process reads them. */
static int same_through_vm_readv(const unsigned char *code, const unsigned char *want)
{
    unsigned char got[SPAN];
    struct iovec local = {got, SPAN}, remote = {(void *)code, SPAN};
    CHECK_EQ(process_vm_readv(getpid(), &local, 1, &remote, 1, 0), SPAN);
    return memcmp(got, want, SPAN) == 0;
}

static void calls(long parent, int n)
{
    long long out[5];
    for (int i = 0; i < n && !check_failures; i++) {
        site_leaf(out);
        CHECK_EQ(out[0], parent);
        CHECK_EQ((long)getppid(), parent);
    }
}

/* The bytes at code as a write(2) from there sees them. */
static int same_through_pipe(const unsigned char *code, const unsigned char *want)
{
    int p[2];
    unsigned char got[SPAN];
    CHECK_EQ(pipe(p), 0);
    CHECK_EQ(write(p[1], code, SPAN), SPAN);
    CHECK_EQ(read(p[0], got, SPAN), SPAN);
    close(p[0]);
    close(p[1]);
    return memcmp(got, want, SPAN) == 0;
}

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
    calls(parent, 5000);
    /* the kernel's loads first: a later memcpy would have put the bytes back */
    int pipe_same = same_through_pipe(own, own0);
    calls(parent, 5000);
    int vm_same = same_through_vm_readv(libc_fn, libc0);
    int own_same = memcmp(own0, own, SPAN) == 0;
    int libc_same = memcmp(libc0, libc_fn, SPAN) == 0;
    const char *expect = getenv("X32_TEST_EXPECT_REWRITE");
    if (expect && *expect == '1' && !cpu_has_pkeys() &&
        !(own_same && libc_same && pipe_same && vm_same)) {
        printf("skip: x32-run's fast path rewrote code the program reads (%s%s%s%s); this CPU "
               "has no protection keys to hide it; X32_RUN_TRAP=sud does (sud/misc_code_bytes)\n",
               own_same ? "" : "its own site ", libc_same ? "" : "libc ",
               pipe_same ? "" : "write(2) of its site ", vm_same ? "" : "process_vm_readv of libc");
        return 77;
    }
    CHECK(pipe_same);
    CHECK(vm_same);
    CHECK(own_same);
    CHECK(libc_same);
    /* once read, the bytes stay the file's through further calls */
    calls(parent, 5000);
    CHECK(memcmp(own0, own, SPAN) == 0);
    CHECK(memcmp(libc0, libc_fn, SPAN) == 0);
    return check_done();
}
