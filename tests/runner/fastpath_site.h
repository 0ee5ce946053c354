/* fastpath_site.h: one raw `mov $getppid,%eax; syscall` site at an 8-byte
 * aligned address, shared by the fastpath_* tests.  x32-run's rewrite fast
 * path (its default) rewrites exactly this kind of site after a few traps, so
 * the tests can check that the fast path really ran (the mov became a jmp,
 * 0xe9), or, with X32_RUN_TRAP=sud, that it did not.
 *
 * long site_leaf(long out[5]) is a leaf function that keeps 16 values in its
 * red zone and a value in xmm0 and xmm8 across the call; out[0] = the call's
 * result, out[1] = %rcx after it (the kernel leaves the return address
 * there), out[2] = red-zone words that changed, out[3]/out[4] = xmm0/xmm8. */
#ifndef FASTPATH_SITE_H
#define FASTPATH_SITE_H
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>

#ifdef __ILP32__
#define SITE_NR_STR "0x4000006e" /* x32 getppid */
#else
#define SITE_NR_STR "110"
#endif
#define SITE_XMM 0x3ff0000000000000LL /* 1.0 */

void site_leaf(long long out[5]);
extern const unsigned char site_mov[]; /* the 5-byte mov before the syscall */

/* push/pop: the compiler does not see a section switch in top-level asm and
 * would place the variables declared after this block in .text. */
__asm__(".pushsection .text\n"
        ".p2align 4\n"
        ".globl site_leaf\n"
        "site_leaf:\n"
        "  movq %rdi, %r8\n"
        "  movabsq $0x0101010101010101, %r9\n"
        "  movl $16, %ecx\n"
        "1: movq %rcx, %rax\n"
        "  imulq %r9, %rax\n"
        "  movq %rax, -136(%rsp,%rcx,8)\n"
        "  decl %ecx\n"
        "  jnz 1b\n"
        "  movabsq $0x3ff0000000000000, %rax\n"
        "  movq %rax, %xmm0\n"
        "  movq %rax, %xmm8\n"
        "  .p2align 3\n"
        ".globl site_mov\n"
        "site_mov:\n"
        "  movl $" SITE_NR_STR ", %eax\n"
        "  syscall\n"
        "  movq %rax, 0(%r8)\n"
        "  movq %rcx, 8(%r8)\n"
        "  xorl %edx, %edx\n"
        "  movl $16, %ecx\n"
        "2: movq %rcx, %rax\n"
        "  imulq %r9, %rax\n"
        "  cmpq %rax, -136(%rsp,%rcx,8)\n"
        "  je 3f\n"
        "  incl %edx\n"
        "3: decl %ecx\n"
        "  jnz 2b\n"
        "  movq %rdx, 16(%r8)\n"
        "  movq %xmm0, %rax\n"
        "  movq %rax, 24(%r8)\n"
        "  movq %xmm8, %rax\n"
        "  movq %rax, 32(%r8)\n"
        "  ret\n"
        ".popsection\n");

/* Whether the site must be rewritten by now: 1 yes, 0 no, -1 either.
 * tests/runner/run.sh says which in X32_TEST_EXPECT_REWRITE (1 when x32-run
 * runs with the fast path and --probe says this host can rewrite; 0 with
 * X32_RUN_TRAP=sud or seccomp, and for native builds).  Elsewhere (tests/vm's
 * differential runs these programs on a real x32 kernel too) either is right. */
static inline int rewrite_expected(void)
{
    const char *m = getenv("X32_TEST_EXPECT_REWRITE");
    if (!IS_X32)
        return 0;
    if (!m)
        return -1;
    return strcmp(m, "1") == 0;
}

/* n bytes of code at addr as a debugger reads them, through /proc/self/mem
 * (as ptrace does).  Where the CPU has protection keys, x32-run keeps a
 * rewritten page execute-only: a plain load from it, or a process_vm_readv
 * (which needs a readable mapping), would put the original bytes back. */
static inline void code_peek(const void *addr, void *buf, size_t n)
{
    int fd = open("/proc/self/mem", O_RDONLY);
    ssize_t r = fd < 0 ? -1 : pread(fd, buf, n, (off_t)(uintptr_t)addr);
    if (fd >= 0)
        close(fd);
    if (r != (ssize_t)n)
        memcpy(buf, addr, n);
}

static inline void site_peek(void *buf, size_t n) { code_peek(site_mov, buf, n); }

static inline unsigned char site_first_byte(void)
{
    unsigned char b;
    site_peek(&b, 1);
    return b;
}

/* The check itself: the site's first byte against what run.sh expects. */
static inline int site_state_ok(void)
{
    int want = rewrite_expected();
    if (want == 1)
        return CHECK_EQ(site_first_byte(), 0xe9);
    if (want == 0)
        return CHECK_EQ(site_first_byte(), 0xb8);
    return 1;
}
#endif
