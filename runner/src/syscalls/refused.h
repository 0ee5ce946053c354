/* The system calls x32-run refuses, each with its error and the reason, in one
 * table (syscalls/refused.c), as gVisor keeps its support table: the place to
 * read what user mode does not do.  Trap path: no libc. */
#ifndef X32RUN_REFUSED_H
#define X32RUN_REFUSED_H

#include <stdint.h>

struct refusal {
    unsigned long nr;  /* x32 number without X32_SYSCALL_BIT */
    int by_option;     /* refused only when the first argument is `option` */
    uint64_t option;
    int fastpath_only; /* refused only while the rewrite fast path is on */
    int err;           /* the errno the guest gets */
    const char *why;   /* what X32_RUN_DEBUG=1 prints */
};

/* The row that refuses call nr with first argument arg1, or 0. */
const struct refusal *refused_call(unsigned long nr, uint64_t arg1);

/* Calls the dispatcher has no row for: numbers beyond x32's table, x86-64-only
 * numbers, and x32-specific calls without a translator. */
extern const struct refusal refused_no_such_call, refused_native_only, refused_no_translator;

#endif
