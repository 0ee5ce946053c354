/* gdb's amd64 register numbering (the order of the target description
 * below) onto the interrupted ucontext: general registers from gregs, x87
 * and SSE from the FXSAVE image behind uc_mcontext.fpregs.  x32 is the amd64
 * register set; only the architecture name (i386:x64-32) differs, which
 * makes gdb use 4-byte pointers and longs. */
#include "gdb/stub/stub.h"
#include "signals/signals.h"
#include "base/util.h"
#include <cpuid.h>
#include <sys/ucontext.h>

enum { R_RIP = 16, R_EFLAGS, R_CS, R_SS, R_DS, R_ES, R_FS, R_GS, R_ST0, R_FCTRL = 32,
       R_FSTAT, R_FTAG, R_FISEG, R_FIOFF, R_FOSEG, R_FOOFF, R_FOP, R_XMM0, R_MXCSR = 56,
       R_ORIG_RAX, R_YMM0H };

/* AVX's upper halves (ymm0h..ymm15h) are described when the CPU and the kernel
 * have AVX; they live in the XSAVE area after the legacy 512 bytes. */
#define XSAVE_HEADER 512
#define XSAVE_AVX 576
#define XFEATURE_AVX 4ULL

static int avx_on(void)
{
    static int known = -1;
    if (known < 0) {
        unsigned a, b, c, d;
        known = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_AVX) && (c & bit_OSXSAVE);
    }
    return known;
}

static int nregs(void) { return avx_on() ? R_YMM0H + 16 : R_YMM0H; }

/* The ymm upper half i in this context's XSAVE area, or 0 when it has none. */
static unsigned char *ymmh(const ucontext_t *uc, int i)
{
    unsigned char *fp = (unsigned char *)uc->uc_mcontext.fpregs;
    uint64_t xfeatures;
    if (!fp || fpstate_size(fp) < XSAVE_AVX + 256)
        return 0;
    mem_copy(&xfeatures, fp + 464 + 8, 8); /* the kernel's _fpx_sw_bytes.xfeatures */
    return (xfeatures & XFEATURE_AVX) ? fp + XSAVE_AVX + 16 * i : 0;
}

/* gdb's rax..r15 in ucontext's gregs order. */
static const int greg_of[16] = {REG_RAX, REG_RBX, REG_RCX, REG_RDX, REG_RSI, REG_RDI,
                                REG_RBP, REG_RSP, REG_R8,  REG_R9,  REG_R10, REG_R11,
                                REG_R12, REG_R13, REG_R14, REG_R15};

static int reg_size(int r)
{
    if (r < 0 || r >= nregs())
        return 0;
    if (r >= R_YMM0H)
        return 16;
    if (r < R_RIP + 1 || r == R_ORIG_RAX)
        return 8;
    if (r >= R_ST0 && r < R_FCTRL)
        return 10;
    if (r >= R_XMM0 && r < R_MXCSR)
        return 16;
    return 4;
}

/* x87 tag of one physical register from FXSAVE's abridged bit and its value
 * (gdb wants the full 2-bit-per-register tag word: 0 valid, 1 zero, 2 special, 3 empty). */
static unsigned full_tag(const struct _libc_fpstate *f)
{
    unsigned top = (f->swd >> 11) & 7, tag = 0;
    for (unsigned phys = 0; phys < 8; phys++) {
        unsigned t = 3;
        if (f->ftw & (1u << phys)) {
            const struct _libc_fpxreg *st = &f->_st[(phys - top) & 7];
            uint64_t mant;
            mem_copy(&mant, st->significand, 8);
            unsigned exp = st->exponent & 0x7fff;
            if (exp == 0x7fff)
                t = 2;
            else if (exp == 0)
                t = mant ? 2 : 1;
            else
                t = (mant >> 63) ? 0 : 2;
        }
        tag |= t << (2 * phys);
    }
    return tag;
}

/* Where register r lives, copied to/from `val` (little-endian, reg_size bytes). */
static void access_reg(ucontext_t *uc, int r, unsigned char *val, int write)
{
    greg_t *g = uc->uc_mcontext.gregs;
    struct _libc_fpstate *f = uc->uc_mcontext.fpregs;
    uint64_t v = 0;
    void *direct = 0;
    int n = reg_size(r);
    if (r < 16)
        direct = &g[greg_of[r]];
    else if (r == R_RIP)
        direct = &g[REG_RIP];
    else if (r == R_EFLAGS)
        direct = &g[REG_EFL]; /* the low 4 bytes */
    else if (r >= R_ST0 && r < R_FCTRL)
        direct = f ? (void *)&f->_st[r - R_ST0] : 0;
    else if (r >= R_XMM0 && r < R_MXCSR)
        direct = f ? (void *)&f->_xmm[r - R_XMM0] : 0;
    if (!direct && ((r >= R_ST0 && r < R_FCTRL) || (r >= R_XMM0 && r < R_MXCSR))) {
        if (!write)
            mem_set(val, 0, (size_t)n); /* a context without FP state */
        return;
    }
    if (r >= R_YMM0H) {
        unsigned char *h = ymmh(uc, r - R_YMM0H);
        if (!h && !write)
            mem_set(val, 0, 16);
        else if (h && write) {
            /* XRSTOR takes the component from memory only with its bit set. */
            uint64_t bv;
            mem_copy(&bv, (char *)f + XSAVE_HEADER, 8);
            bv |= XFEATURE_AVX;
            mem_copy((char *)f + XSAVE_HEADER, &bv, 8);
            mem_copy(h, val, 16);
        } else if (h)
            mem_copy(val, h, 16);
        return;
    }
    if (direct) {
        if (write)
            mem_copy(direct, val, (size_t)n);
        else
            mem_copy(val, direct, (size_t)n);
        return;
    }
    uint64_t csgsfs = (uint64_t)g[REG_CSGSFS];
    switch (r) {
    case R_CS: v = csgsfs & 0xffff; break;
    case R_GS: v = (csgsfs >> 16) & 0xffff; break;
    case R_FS: v = (csgsfs >> 32) & 0xffff; break;
    case R_SS: v = (csgsfs >> 48) & 0xffff; break;
    case R_ORIG_RAX: v = (uint64_t)-1; break;
    default:
        if (!f)
            break;
        switch (r) {
        case R_FCTRL: v = f->cwd; break;
        case R_FSTAT: v = f->swd; break;
        case R_FTAG: v = full_tag(f); break;
        case R_FIOFF: v = (uint32_t)f->rip; break;
        case R_FISEG: v = (f->rip >> 32) & 0xffff; break;
        case R_FOOFF: v = (uint32_t)f->rdp; break;
        case R_FOSEG: v = (f->rdp >> 32) & 0xffff; break;
        case R_FOP: v = f->fop & 0x7ff; break;
        case R_MXCSR: v = f->mxcsr; break;
        }
    }
    if (!write) {
        mem_copy(val, &v, (size_t)n);
        return;
    }
    v = 0;
    mem_copy(&v, val, (size_t)n);
    /* Segment selectors and orig_rax cannot change under a sigreturn the way
     * gdb means; the x87/SSE control registers can. */
    if (!f)
        return;
    switch (r) {
    case R_FCTRL: f->cwd = (uint16_t)v; break;
    case R_FSTAT: f->swd = (uint16_t)v; break;
    case R_FTAG: {
        unsigned abridged = 0;
        for (unsigned phys = 0; phys < 8; phys++)
            if (((v >> (2 * phys)) & 3) != 3)
                abridged |= 1u << phys;
        f->ftw = (uint16_t)abridged;
        break;
    }
    case R_FOP: f->fop = (uint16_t)(v & 0x7ff); break;
    case R_MXCSR: f->mxcsr = (uint32_t)v & 0xffff; break;
    }
}

int gdb_reg_to_hex(char *out, const ucontext_t *uc, int regno)
{
    unsigned char val[16];
    int n = reg_size(regno);
    if (!n)
        return -1;
    access_reg((ucontext_t *)uc, regno, val, 0);
    hex_encode(out, val, (size_t)n);
    return 0;
}

int gdb_reg_from_hex(ucontext_t *uc, int regno, const char *hex)
{
    unsigned char val[16];
    int n = reg_size(regno);
    if (!n || hex_decode(val, hex, (size_t)n) != (size_t)n)
        return -1;
    access_reg(uc, regno, val, 1);
    return 0;
}

size_t gdb_regs_to_hex(char *out, const ucontext_t *uc)
{
    size_t len = 0;
    for (int r = 0; r < nregs(); r++) {
        gdb_reg_to_hex(out + len, uc, r);
        len += 2 * (size_t)reg_size(r);
    }
    return len;
}

int gdb_regs_from_hex(ucontext_t *uc, const char *hex)
{
    size_t have = str_len(hex), at = 0;
    for (int r = 0; r < nregs() && at + 2 * (size_t)reg_size(r) <= have; r++) {
        if (gdb_reg_from_hex(uc, r, hex + at))
            return -1;
        at += 2 * (size_t)reg_size(r);
    }
    return 0;
}

/* The x32 target description: amd64's core, SSE and Linux features under
 * the architecture name i386:x64-32, and AVX's upper halves when present. */
static const char target_xml[] =
    "<?xml version=\"1.0\"?><!DOCTYPE target SYSTEM \"gdb-target.dtd\">"
    "<target version=\"1.0\"><architecture>i386:x64-32</architecture>"
    "<osabi>GNU/Linux</osabi>"
    "<feature name=\"org.gnu.gdb.i386.core\">"
    "<flags id=\"i386_eflags\" size=\"4\"><field name=\"CF\" start=\"0\" end=\"0\"/>"
    "<field name=\"\" start=\"1\" end=\"1\"/><field name=\"PF\" start=\"2\" end=\"2\"/>"
    "<field name=\"AF\" start=\"4\" end=\"4\"/><field name=\"ZF\" start=\"6\" end=\"6\"/>"
    "<field name=\"SF\" start=\"7\" end=\"7\"/><field name=\"TF\" start=\"8\" end=\"8\"/>"
    "<field name=\"IF\" start=\"9\" end=\"9\"/><field name=\"DF\" start=\"10\" end=\"10\"/>"
    "<field name=\"OF\" start=\"11\" end=\"11\"/><field name=\"NT\" start=\"14\" end=\"14\"/>"
    "<field name=\"RF\" start=\"16\" end=\"16\"/><field name=\"VM\" start=\"17\" end=\"17\"/>"
    "<field name=\"AC\" start=\"18\" end=\"18\"/><field name=\"VIF\" start=\"19\" end=\"19\"/>"
    "<field name=\"VIP\" start=\"20\" end=\"20\"/><field name=\"ID\" start=\"21\" end=\"21\"/>"
    "</flags>"
    "<reg name=\"rax\" bitsize=\"64\" type=\"int64\" regnum=\"0\"/>"
    "<reg name=\"rbx\" bitsize=\"64\" type=\"int64\"/><reg name=\"rcx\" bitsize=\"64\" type=\"int64\"/>"
    "<reg name=\"rdx\" bitsize=\"64\" type=\"int64\"/><reg name=\"rsi\" bitsize=\"64\" type=\"int64\"/>"
    "<reg name=\"rdi\" bitsize=\"64\" type=\"int64\"/><reg name=\"rbp\" bitsize=\"64\" type=\"int64\"/>"
    "<reg name=\"rsp\" bitsize=\"64\" type=\"int64\"/><reg name=\"r8\" bitsize=\"64\" type=\"int64\"/>"
    "<reg name=\"r9\" bitsize=\"64\" type=\"int64\"/><reg name=\"r10\" bitsize=\"64\" type=\"int64\"/>"
    "<reg name=\"r11\" bitsize=\"64\" type=\"int64\"/><reg name=\"r12\" bitsize=\"64\" type=\"int64\"/>"
    "<reg name=\"r13\" bitsize=\"64\" type=\"int64\"/><reg name=\"r14\" bitsize=\"64\" type=\"int64\"/>"
    "<reg name=\"r15\" bitsize=\"64\" type=\"int64\"/><reg name=\"rip\" bitsize=\"64\" type=\"uint64\"/>"
    "<reg name=\"eflags\" bitsize=\"32\" type=\"i386_eflags\"/>"
    "<reg name=\"cs\" bitsize=\"32\" type=\"int32\"/><reg name=\"ss\" bitsize=\"32\" type=\"int32\"/>"
    "<reg name=\"ds\" bitsize=\"32\" type=\"int32\"/><reg name=\"es\" bitsize=\"32\" type=\"int32\"/>"
    "<reg name=\"fs\" bitsize=\"32\" type=\"int32\"/><reg name=\"gs\" bitsize=\"32\" type=\"int32\"/>"
    "<reg name=\"st0\" bitsize=\"80\" type=\"i387_ext\"/><reg name=\"st1\" bitsize=\"80\" type=\"i387_ext\"/>"
    "<reg name=\"st2\" bitsize=\"80\" type=\"i387_ext\"/><reg name=\"st3\" bitsize=\"80\" type=\"i387_ext\"/>"
    "<reg name=\"st4\" bitsize=\"80\" type=\"i387_ext\"/><reg name=\"st5\" bitsize=\"80\" type=\"i387_ext\"/>"
    "<reg name=\"st6\" bitsize=\"80\" type=\"i387_ext\"/><reg name=\"st7\" bitsize=\"80\" type=\"i387_ext\"/>"
    "<reg name=\"fctrl\" bitsize=\"32\" type=\"int\" group=\"float\"/>"
    "<reg name=\"fstat\" bitsize=\"32\" type=\"int\" group=\"float\"/>"
    "<reg name=\"ftag\" bitsize=\"32\" type=\"int\" group=\"float\"/>"
    "<reg name=\"fiseg\" bitsize=\"32\" type=\"int\" group=\"float\"/>"
    "<reg name=\"fioff\" bitsize=\"32\" type=\"int\" group=\"float\"/>"
    "<reg name=\"foseg\" bitsize=\"32\" type=\"int\" group=\"float\"/>"
    "<reg name=\"fooff\" bitsize=\"32\" type=\"int\" group=\"float\"/>"
    "<reg name=\"fop\" bitsize=\"32\" type=\"int\" group=\"float\"/>"
    "</feature><feature name=\"org.gnu.gdb.i386.sse\">"
    "<vector id=\"v4f\" type=\"ieee_single\" count=\"4\"/>"
    "<vector id=\"v2d\" type=\"ieee_double\" count=\"2\"/>"
    "<vector id=\"v16i8\" type=\"int8\" count=\"16\"/>"
    "<vector id=\"v8i16\" type=\"int16\" count=\"8\"/>"
    "<vector id=\"v4i32\" type=\"int32\" count=\"4\"/>"
    "<vector id=\"v2i64\" type=\"int64\" count=\"2\"/>"
    "<union id=\"vec128\"><field name=\"v4_float\" type=\"v4f\"/>"
    "<field name=\"v2_double\" type=\"v2d\"/><field name=\"v16_int8\" type=\"v16i8\"/>"
    "<field name=\"v8_int16\" type=\"v8i16\"/><field name=\"v4_int32\" type=\"v4i32\"/>"
    "<field name=\"v2_int64\" type=\"v2i64\"/><field name=\"uint128\" type=\"uint128\"/></union>"
    "<reg name=\"xmm0\" bitsize=\"128\" type=\"vec128\" regnum=\"40\"/>"
    "<reg name=\"xmm1\" bitsize=\"128\" type=\"vec128\"/><reg name=\"xmm2\" bitsize=\"128\" type=\"vec128\"/>"
    "<reg name=\"xmm3\" bitsize=\"128\" type=\"vec128\"/><reg name=\"xmm4\" bitsize=\"128\" type=\"vec128\"/>"
    "<reg name=\"xmm5\" bitsize=\"128\" type=\"vec128\"/><reg name=\"xmm6\" bitsize=\"128\" type=\"vec128\"/>"
    "<reg name=\"xmm7\" bitsize=\"128\" type=\"vec128\"/><reg name=\"xmm8\" bitsize=\"128\" type=\"vec128\"/>"
    "<reg name=\"xmm9\" bitsize=\"128\" type=\"vec128\"/><reg name=\"xmm10\" bitsize=\"128\" type=\"vec128\"/>"
    "<reg name=\"xmm11\" bitsize=\"128\" type=\"vec128\"/><reg name=\"xmm12\" bitsize=\"128\" type=\"vec128\"/>"
    "<reg name=\"xmm13\" bitsize=\"128\" type=\"vec128\"/><reg name=\"xmm14\" bitsize=\"128\" type=\"vec128\"/>"
    "<reg name=\"xmm15\" bitsize=\"128\" type=\"vec128\"/>"
    "<reg name=\"mxcsr\" bitsize=\"32\" type=\"int\" group=\"vector\"/>"
    "</feature><feature name=\"org.gnu.gdb.i386.linux\">"
    "<reg name=\"orig_rax\" bitsize=\"64\" type=\"int\" regnum=\"57\"/>"
    "</feature>";

static const char avx_xml[] =
    "<feature name=\"org.gnu.gdb.i386.avx\">"
    "<reg name=\"ymm0h\" bitsize=\"128\" type=\"uint128\" regnum=\"58\"/>"
    "<reg name=\"ymm1h\" bitsize=\"128\" type=\"uint128\"/><reg name=\"ymm2h\" bitsize=\"128\" type=\"uint128\"/>"
    "<reg name=\"ymm3h\" bitsize=\"128\" type=\"uint128\"/><reg name=\"ymm4h\" bitsize=\"128\" type=\"uint128\"/>"
    "<reg name=\"ymm5h\" bitsize=\"128\" type=\"uint128\"/><reg name=\"ymm6h\" bitsize=\"128\" type=\"uint128\"/>"
    "<reg name=\"ymm7h\" bitsize=\"128\" type=\"uint128\"/><reg name=\"ymm8h\" bitsize=\"128\" type=\"uint128\"/>"
    "<reg name=\"ymm9h\" bitsize=\"128\" type=\"uint128\"/><reg name=\"ymm10h\" bitsize=\"128\" type=\"uint128\"/>"
    "<reg name=\"ymm11h\" bitsize=\"128\" type=\"uint128\"/><reg name=\"ymm12h\" bitsize=\"128\" type=\"uint128\"/>"
    "<reg name=\"ymm13h\" bitsize=\"128\" type=\"uint128\"/><reg name=\"ymm14h\" bitsize=\"128\" type=\"uint128\"/>"
    "<reg name=\"ymm15h\" bitsize=\"128\" type=\"uint128\"/></feature>";

const char *gdb_target_xml(size_t *len)
{
    static char doc[sizeof target_xml + sizeof avx_xml + 16];
    if (!doc[0]) {
        str_copy(doc, sizeof doc, target_xml);
        if (avx_on())
            str_cat(doc, sizeof doc, avx_xml);
        str_cat(doc, sizeof doc, "</target>");
    }
    *len = str_len(doc);
    return doc;
}
