/* Reading and writing guest memory from a translator.
 *
 * Another guest thread can change guest memory at any moment, so a translator
 * copies each guest structure into runner memory once, then checks and uses
 * only that copy: a length it validated is the length it uses (the kernel's
 * copy_from_user discipline).  Nothing here validates addresses: a bad one
 * faults, and the trap handler's recovery makes the whole call fail with
 * EFAULT, as on a kernel.  The try_ forms return -EFAULT instead, for the
 * calls where a kernel does something else on a fault (io_submit counts what
 * it submitted, rt_sigreturn kills with SIGSEGV).
 *
 * The fuzz harnesses (runner/fuzz) build the translators with X32RUN_FUZZ and
 * supply these four functions over a guest-memory image of their own. */
#ifndef X32RUN_GUEST_MEM_H
#define X32RUN_GUEST_MEM_H

#include <stddef.h>
#include <stdint.h>

#ifdef X32RUN_FUZZ
void copy_from_guest(void *dst, uint64_t src, size_t n);
void copy_to_guest(uint64_t dst, const void *src, size_t n);
#else
#include "base/util.h"
static inline void copy_from_guest(void *dst, uint64_t src, size_t n)
{
    mem_copy(dst, (const void *)(uintptr_t)src, n);
}

static inline void copy_to_guest(uint64_t dst, const void *src, size_t n)
{
    mem_copy((void *)(uintptr_t)dst, src, n);
}
#endif

/* trap.c: 0, or -EFAULT when part of the range was not accessible (the
 * destination may then hold a partial copy). */
long try_copy_from_guest(void *dst, uint64_t src, size_t n);
long try_copy_to_guest(uint64_t dst, const void *src, size_t n);

#endif
