/* Files under /proc/self that would describe the runner instead of the x32
 * program: maps and smaps (runner mappings above 4 GiB, no [vdso] or [stack]
 * labels on the guest's), stat and status (the runner's code, stack and
 * argument addresses and its huge virtual size), auxv (64-bit pairs) and
 * cmdline (the runner's argv).  Opening one (as /proc/self/, /proc/thread-self/,
 * /proc/<own pid>/, with or without task/<tid>/) returns a memfd with what an
 * x32 task would show: maps, smaps and numa_maps as of the file's first use
 * (proc_lazy.c), the others as of the open.  (exe is handled in paths.c.) */
#ifndef X32RUN_PROC_SELF_H
#define X32RUN_PROC_SELF_H

#include <stdint.h>

/* Returns a new fd, -errno, or 0 when `path` is not a virtualised file. */
long open_proc_self(const char *path, long open_flags);

/* What a kernel's mm_struct would hold for the x32 program (the fields of
 * /proc/self/stat and the labels of maps): the program's code and data as the
 * ELF loader counts them, the break, the initial stack pointer (argc), the
 * argument and environment strings, the stack mapping and the vDSO.  Filled
 * at start-up by start_guest.c and initial_stack.c. */
struct guest_mm {
    uint64_t start_code, end_code, start_data, end_data, start_brk;
    uint64_t start_stack, arg_start, arg_end, env_start, env_end;
    uint64_t stack_lo, stack_hi, vdso_base;
};
extern struct guest_mm guest_mm;

/* Recorded at start-up by initial_stack.c. */
void proc_self_set_auxv(const uint32_t *words, int n);
/* The same bytes /proc/self/auxv shows (for the gdb stub's qXfer:auxv). */
int proc_self_get_auxv(const void **data, unsigned long *len);

#endif
