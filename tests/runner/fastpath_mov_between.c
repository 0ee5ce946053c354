/* fastpath_mov_between: sites with one instruction between `mov $nr,%eax`
 * and `syscall`, as glibc has them (`movslq %esi,%rsi` in futex wakes,
 * `mov %edx,%edx` in getdents64, `mov %rdx,%rsi` in fstat, `mov
 * $-100,%rdi` in open...).  x32-run's stub runs both instructions; the
 * registers they set must reach the call and the caller exactly as the
 * kernel leaves them.  A %rip-relative instruction there cannot run anywhere
 * else, and libsanitizer's `mov $nr,%r8d; mov %r8,%rax` only looks like
 * `mov $nr,%eax` and one more (its b8 follows a REX byte): those sites must
 * stay as they are and still work. */
#include "check.h"
#include "fastpath_site.h"

/* name: mov $getppid,%eax; INSN; syscall; then the registers INSN set are
 * stored in out[0..1] (rsi, rdi) and the result returned */
#define BETWEEN(name, insn)                                                        \
    "  .p2align 4\n"                                                               \
    "  .globl " name "\n" name ":\n"                                               \
    "  movl $" SITE_NR_STR ", %eax\n"                                              \
    "  " insn "\n"                                                                 \
    "  syscall\n"                                                                  \
    "  movq %rsi, (%rdx)\n"                                                        \
    "  movq %rdi, 8(%rdx)\n"                                                       \
    "  ret\n"

__asm__(".text\n"
        BETWEEN("b_movslq", "movslq %esi, %rsi")
        BETWEEN("b_zext", "movl %esi, %esi")
        BETWEEN("b_xor", "xorl %edi, %edi")
        BETWEEN("b_mov64", "movq %rsi, %rdi")
        BETWEEN("b_imm", "movq $-100, %rdi")
        BETWEEN("b_stack", "movl %esi, -16(%rsp)")
        BETWEEN("b_riprel", "movl b_data(%rip), %esi")
        "  .p2align 4\n"
        "  .globl b_r8\nb_r8:\n"
        "  movl $" SITE_NR_STR ", %r8d\n"
        "  movq %r8, %rax\n"
        "  syscall\n"
        "  movq %rsi, (%rdx)\n"
        "  movq %rdi, 8(%rdx)\n"
        "  ret\n"
        ".data\n.p2align 2\nb_data: .long 0x1234\n.text\n");

/* (rdi, rsi, out): rdx carries out, which no INSN above touches; 64-bit
 * values, as the registers hold them on x32 too */
typedef long long i64;
typedef long (*between_fn)(i64 rdi, i64 rsi, i64 *out);
long b_movslq(i64, i64, i64 *), b_zext(i64, i64, i64 *), b_xor(i64, i64, i64 *);
long b_mov64(i64, i64, i64 *), b_imm(i64, i64, i64 *), b_stack(i64, i64, i64 *);
long b_riprel(i64, i64, i64 *), b_r8(i64, i64, i64 *);

struct between {
    const char *name;
    between_fn fn;
    i64 want_rsi, want_rdi;
};

int main(void)
{
    long parent = (long)getppid();
    const i64 rdi = 0x1111111122222222LL, rsi = (i64)0xffffffff80000001ULL;
    const struct between cases[] = {
        {"movslq", b_movslq, (i64)(int)rsi, rdi},
        {"zero-extend", b_zext, (i64)(unsigned)rsi, rdi},
        {"xor", b_xor, rsi, 0},
        {"mov64", b_mov64, rsi, rsi},
        {"imm", b_imm, rsi, -100},
        {"stack", b_stack, rsi, rdi},
        {"riprel", b_riprel, 0x1234, rdi},
        {"r8", b_r8, rsi, rdi},
    };
    /* the first byte each must show afterwards where the fast path rewrites */
    const unsigned char want_first[] = {0xe9, 0xe9, 0xe9, 0xe9, 0xe9, 0xe9, 0xb8, 0x41};
    for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        long bad = 0;
        i64 out[2];
        for (int i = 0; i < 20; i++) {
            out[0] = out[1] = 0;
            bad += cases[c].fn(rdi, rsi, out) != parent;
            bad += out[0] != cases[c].want_rsi || out[1] != cases[c].want_rdi;
        }
        if (bad)
            printf("%s: %ld wrong results or registers\n", cases[c].name, bad);
        CHECK_EQ(bad, 0);
    }
    /* rewritten (a jump) where the fast path rewrites, except the last two */
    if (rewrite_expected() == 1) {
        for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
            unsigned char b = 0;
            code_peek((const void *)(uintptr_t)cases[c].fn, &b, 1);
            if (b != want_first[c])
                printf("%s: first byte %#x\n", cases[c].name, b);
            CHECK_EQ(b, want_first[c]);
        }
    }
    return check_done();
}
