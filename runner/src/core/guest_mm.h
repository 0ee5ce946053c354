/* What a kernel's mm_struct would hold for the x32 program: the program's code
 * and data as the ELF loader counts them, the break, the initial stack pointer
 * (argc), the argument and environment strings, the stack mapping, the vDSO and
 * the auxiliary vector.  loader/ and front/ fill it at start-up; procfs/
 * (/proc/self/stat, status, maps, auxv, cmdline) and gdb/ (qXfer:auxv) read it. */
#ifndef X32RUN_GUEST_MM_H
#define X32RUN_GUEST_MM_H

#include <stdint.h>

#define GUEST_AUXV_WORDS 64

struct guest_mm {
    uint64_t start_code, end_code, start_data, end_data, start_brk;
    uint64_t start_stack, arg_start, arg_end, env_start, env_end;
    uint64_t stack_lo, stack_hi, vdso_base;
    /* The x32 auxv as the program got it: 32-bit words, type and value pairs. */
    uint32_t auxv[GUEST_AUXV_WORDS];
    int auxv_words;
};
extern struct guest_mm guest_mm;

#endif
