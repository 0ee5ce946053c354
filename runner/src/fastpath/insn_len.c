/* The length of one x86-64 instruction from a short list of plain register
 * and stack forms (insn_len.h): enough for what compilers put between a
 * wrapper's `mov $nr,%eax` and its `syscall` (a zero-extension, an argument
 * set up, a flag flipped), and nothing that jumps or reads relative to %rip,
 * so that a stub can run it again anywhere. */
#include "fastpath/insn_len.h"

/* Bytes a ModRM (and its SIB and displacement) take, p at the ModRM; 0 for a
 * %rip-relative operand or when the bytes run past end. */
static int modrm_len(const unsigned char *p, const unsigned char *end)
{
    if (p >= end)
        return 0;
    unsigned mod = p[0] >> 6, rm = p[0] & 7;
    int n = 1;
    if (mod == 3)
        return n;
    if (rm == 4) { /* SIB */
        if (p + 1 >= end)
            return 0;
        if (mod == 0 && (p[1] & 7) == 5)
            n += 4; /* no base: disp32 */
        n++;
    } else if (mod == 0 && rm == 5) {
        return 0; /* %rip-relative */
    }
    if (mod == 1)
        n += 1;
    else if (mod == 2)
        n += 4;
    return n;
}

int insn_len(const unsigned char *p, int max, int *writes_ax)
{
    const unsigned char *start = p, *end = p + max;
    int wide = 0, rex_r = 0, rex_b = 0;
    *writes_ax = 0;
    if (p < end && (*p & 0xf0) == 0x40) { /* REX */
        wide = (*p & 8) != 0;
        rex_r = (*p & 4) != 0;
        rex_b = (*p & 1) != 0;
        p++;
    }
    if (p >= end)
        return 0;
    unsigned op = *p++;
    int m, imm = 0;
    switch (op) {
    case 0x01: case 0x03: case 0x09: case 0x0b: case 0x21: case 0x23: /* add or and */
    case 0x29: case 0x2b: case 0x31: case 0x33: case 0x85: case 0x89: /* sub xor test mov */
    case 0x8b: case 0x8d:                                               /* mov lea */
        break;
    case 0x63: /* movslq: only with REX.W */
        if (!wide)
            return 0;
        break;
    case 0x80: case 0x83: case 0xc6: /* group 1 / mov with imm8 */
        imm = 1;
        break;
    case 0x81: case 0xc7: /* group 1 / mov with imm32 */
        imm = 4;
        break;
    default:
        if (op >= 0xb8 && op <= 0xbf) { /* mov $imm,%reg: imm64 with REX.W */
            int n = (int)(p - start) + (wide ? 8 : 4);
            *writes_ax = op == 0xb8 && !rex_b;
            return n <= max ? n : 0;
        }
        return 0;
    }
    if ((op == 0xc6 || op == 0xc7) && p < end && ((*p >> 3) & 7) != 0)
        return 0; /* only /0 is mov */
    if (op == 0x8d && p < end && (*p >> 6) == 3)
        return 0; /* lea needs a memory operand */
    if (!(m = modrm_len(p, end)))
        return 0;
    /* the register it writes: ModRM.reg for the "r <- r/m" forms, else the
     * r/m operand when it is a register (test writes none) */
    int to_reg = op == 0x03 || op == 0x0b || op == 0x23 || op == 0x2b || op == 0x33 ||
                 op == 0x8b || op == 0x8d || op == 0x63;
    if (to_reg)
        *writes_ax = ((*p >> 3) & 7) == 0 && !rex_r;
    else if (op != 0x85 && (*p >> 6) == 3)
        *writes_ax = (*p & 7) == 0 && !rex_b;
    int n = (int)(p - start) + m + imm;
    return n <= max ? n : 0;
}
