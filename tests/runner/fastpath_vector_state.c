/* fastpath_vector_state: every vector, x87 and AVX register the CPU has (x87's
 * stack and control word, MXCSR, xmm0-15, the ymm upper halves, and with AVX-512
 * the opmasks, the zmm upper halves and zmm16-31) holds a pattern across 64 raw
 * system calls from one site, for six kinds of call that reach different parts of
 * x32-run's emulation: getppid, write, fstat (a struct converted), uname (its -r
 * release), rt_sigaction (the virtual signal actions) and pread64 of
 * /proc/self/maps (the virtual maps file, which copies and moves text).  A kernel
 * leaves all of it alone; so must x32-run, whose rewrite fast path calls its C
 * emulation without saving that state (the emulation is compiled to use none of
 * those registers).  As in the other fastpath_* tests, each site must have been
 * rewritten when the fast path is on (else it was not tested), and not under
 * X32_RUN_TRAP=sud.
 *
 * The state is set with XRSTOR from an image whose every register byte is a
 * pattern, and read back with XSAVE right after the calls, in one assembler
 * function per kind of call: no compiled code runs in between. */
#include "check.h"
#include "fastpath_site.h"
#include <cpuid.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#define CALLS 64
/* x87, SSE, AVX, and AVX-512's opmask, ZMM_Hi256 and Hi16_ZMM: the user state
 * a program owns outright (PKRU and AMX's tiles are left out: the first changes
 * what memory may be read, the second needs the kernel's permission first). */
#define TESTED_COMPONENTS 0xe7ULL

/* What each assembler function reads: the two XSAVE areas, the call's four
 * arguments, the number of calls and the component mask, 64 bits each in both
 * ABIs. */
struct vec_round {
    uint64_t before, after, a1, a2, a3, a4, calls, mask;
};

#ifdef __ILP32__
#define ZERO_EXTEND_ARG "  movl %edi, %edi\n"
#define NR(x32, native) x32
#else
#define ZERO_EXTEND_ARG ""
#define NR(x32, native) native
#endif

/* long vec_NAME(struct vec_round *): the last call's result.  The site
 * (vec_site_NAME) is the fast path's kind: `mov $nr, %eax; syscall` at an
 * 8-byte boundary.  fninit and the default MXCSR afterwards, so that the C code
 * that compares finds a sane x87 stack. */
#define VEC_ROUND(name, nr)                                                                \
    long vec_##name(struct vec_round *r);                                                  \
    extern const unsigned char vec_site_##name[];                                          \
    __asm__(".pushsection .text\n"                                                         \
            ".p2align 4\n"                                                                 \
            ".globl vec_" #name "\n"                                                       \
            "vec_" #name ":\n"                                                             \
            "  pushq %rbx\n  pushq %rbp\n  pushq %r15\n" ZERO_EXTEND_ARG                   \
            "  movq %rdi, %r15\n"                                                          \
            "  movq 48(%r15), %rbx\n"                                                      \
            "  movq 56(%r15), %rax\n  movq %rax, %rdx\n  shrq $32, %rdx\n"                 \
            "  movq 0(%r15), %rcx\n"                                                       \
            "  xrstor64 (%rcx)\n"                                                          \
            "1:\n"                                                                         \
            "  movq 16(%r15), %rdi\n  movq 24(%r15), %rsi\n"                               \
            "  movq 32(%r15), %rdx\n  movq 40(%r15), %r10\n"                               \
            "  .p2align 3\n"                                                               \
            ".globl vec_site_" #name "\n"                                                  \
            "vec_site_" #name ":\n"                                                        \
            "  movl $" nr ", %eax\n"                                                       \
            "  syscall\n"                                                                  \
            "  decq %rbx\n"                                                                \
            "  jnz 1b\n"                                                                   \
            "  movq %rax, %rbp\n"                                                          \
            "  movq 56(%r15), %rax\n  movq %rax, %rdx\n  shrq $32, %rdx\n"                 \
            "  movq 8(%r15), %rcx\n"                                                       \
            "  xsave64 (%rcx)\n"                                                           \
            "  fninit\n"                                                                   \
            "  pushq $0x1f80\n  ldmxcsr (%rsp)\n  addq $8, %rsp\n"                         \
            "  movq %rbp, %rax\n"                                                          \
            "  popq %r15\n  popq %rbp\n  popq %rbx\n"                                      \
            "  ret\n"                                                                      \
            ".popsection\n")

VEC_ROUND(getppid, NR("0x4000006e", "110"));
VEC_ROUND(write, NR("0x40000001", "1"));
VEC_ROUND(fstat, NR("0x40000005", "5"));
VEC_ROUND(uname, NR("0x4000003f", "63"));
VEC_ROUND(rt_sigaction, NR("0x40000200", "13"));
VEC_ROUND(pread64, NR("0x40000011", "17"));

static unsigned char before[16384] __attribute__((aligned(64)));
static unsigned char after[16384] __attribute__((aligned(64)));

struct part {
    const char *name;
    unsigned offset, size;
};
static struct part parts[24];
static int nparts;

static void add_part(const char *name, unsigned offset, unsigned size)
{
    parts[nparts++] = (struct part){name, offset, size};
}

/* The image XRSTOR loads: a real XSAVE of this thread (a valid header), every
 * register byte then overwritten with a pattern that differs per byte and per
 * component, and each tested component marked as in use. */
static void make_image(uint64_t mask)
{
    unsigned lo = (unsigned)mask, hi = (unsigned)(mask >> 32);
    __asm__ volatile("xsave64 (%0)" : : "r"(before), "a"(lo), "d"(hi) : "memory");
    for (int p = 0; p < nparts; p++)
        for (unsigned i = 0; i < parts[p].size; i++)
            before[parts[p].offset + i] = (unsigned char)(0x11 * (p + 1) + i * 7);
    uint16_t fcw = 0x027f; /* 53-bit precision: not the default 0x037f */
    memcpy(before, &fcw, 2);
    memset(before + 2, 0, 2); /* FSW */
    before[4] = 0xff;         /* every x87 register in use (abridged tag word) */
    uint32_t mxcsr_mask, mxcsr;
    memcpy(&mxcsr_mask, before + 28, 4);
    if (!mxcsr_mask)
        mxcsr_mask = 0xffbf;
    mxcsr = (0x1f80 | 0x8000 | 0x0040) & mxcsr_mask; /* flush-to-zero, denormals-are-zero */
    memcpy(before + 24, &mxcsr, 4);
    memcpy(before + 512, &mask, 8); /* XSTATE_BV */
}

/* The first part that differs between the two images, or NULL. */
static const char *first_change(unsigned *at)
{
    uint64_t bv;
    memcpy(&bv, after + 512, 8);
    for (int p = 0; p < nparts; p++)
        for (unsigned i = 0; i < parts[p].size; i++)
            if (before[parts[p].offset + i] != after[parts[p].offset + i]) {
                *at = i;
                return parts[p].name;
            }
    *at = 0;
    return NULL;
}

static void one_round(const char *what, long (*fn)(struct vec_round *), const unsigned char *site,
                      uint64_t mask, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4, long want)
{
    struct vec_round r = {(uintptr_t)before, (uintptr_t)after, a1, a2, a3, a4, CALLS, mask};
    memset(after, 0, sizeof after);
    long got = fn(&r);
    unsigned at;
    uint64_t bv;
    memcpy(&bv, after + 512, 8);
    const char *changed = first_change(&at);
    if (!CHECK_EQ(got, want))
        fprintf(stderr, "  (%s: the last call's result)\n", what);
    if (!CHECK_EQ(bv & mask, mask))
        fprintf(stderr, "  (%s: components left in their initial state: %#llx)\n", what,
                (unsigned long long)(mask & ~bv));
    else if (!CHECK(changed == NULL))
        fprintf(stderr, "  (%s: %s changed, byte %u)\n", what, changed, at);
    int want_rw = rewrite_expected();
    unsigned char b;
    code_peek(site, &b, 1);
    if (want_rw == 1 && !CHECK_EQ(b, 0xe9))
        fprintf(stderr, "  (%s: its site was not rewritten)\n", what);
    if (want_rw == 0 && !CHECK_EQ(b, 0xb8))
        fprintf(stderr, "  (%s: its site was rewritten)\n", what);
}

int main(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27))) {
        printf("skip: this CPU or kernel offers no XSAVE (CPUID.1:ECX.OSXSAVE)\n");
        return 77;
    }
    unsigned xcr0_lo, xcr0_hi;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    uint64_t mask = (((uint64_t)xcr0_hi << 32) | xcr0_lo) & TESTED_COMPONENTS;
    __cpuid_count(0xd, 0, a, b, c, d);
    REQUIRE(b <= sizeof before);
    static const char *st_name[8] = {"st0", "st1", "st2", "st3", "st4", "st5", "st6", "st7"};
    for (int i = 0; i < 8; i++)
        add_part(st_name[i], 32 + 16 * i, 10); /* 80 bits in each 16-byte slot */
    add_part("xmm0-15", 160, 256);
    static const char *names[8] = {0, 0, "the ymm upper halves", 0, 0, "the opmask registers",
                                   "the zmm upper halves", "zmm16-31"};
    for (int i = 2; i < 8; i++)
        if (mask & (1ULL << i)) {
            __cpuid_count(0xd, i, a, b, c, d); /* size a at offset b */
            add_part(names[i], b, a);
        }
    make_image(mask);
    add_part("the x87 control word", 0, 2);
    add_part("the x87 tag word", 4, 1);
    add_part("MXCSR", 24, 4);
    /* (nothing printed: tests/vm's differential compares the output with a real
     * kernel's, on a CPU with other components) */

    int devnull = open("/dev/null", O_WRONLY);
    int maps = open("/proc/self/maps", O_RDONLY);
    REQUIRE_SYS(devnull);
    REQUIRE_SYS(maps);
    static char buf[4096];
    static struct stat st;
    static struct utsname uts;
    static char oldact[64];
    long maps_len = pread(maps, buf, sizeof buf, 0);
    REQUIRE_SYS(maps_len);

    one_round("getppid", vec_getppid, vec_site_getppid, mask, 0, 0, 0, 0, (long)getppid());
    one_round("write", vec_write, vec_site_write, mask, (unsigned)devnull, (uintptr_t)buf, 64, 0, 64);
    one_round("fstat", vec_fstat, vec_site_fstat, mask, (unsigned)devnull, (uintptr_t)&st, 0, 0, 0);
    one_round("uname", vec_uname, vec_site_uname, mask, (uintptr_t)&uts, 0, 0, 0, 0);
    one_round("rt_sigaction", vec_rt_sigaction, vec_site_rt_sigaction, mask, SIGUSR1, 0,
              (uintptr_t)oldact, 8, 0);
    /* The maps file as the program reads it, from the start each time. */
    one_round("pread64 of /proc/self/maps", vec_pread64, vec_site_pread64, mask, (unsigned)maps,
              (uintptr_t)buf, sizeof buf, 0, maps_len);
    return check_done();
}
