/* Writing the 5 bytes of a system-call site while the program may run them
 * (fastpath_poke.c). */
#ifndef X32RUN_FASTPATH_POKE_H
#define X32RUN_FASTPATH_POKE_H

#include <signal.h>
#include <stdint.h>
#include <ucontext.h>

/* Replaces the 5 bytes at `at` (`from`, or nothing is written: -1) by `to`, on
 * a page whose own protection is prot; the page ends PROT_EXEC alone when
 * xonly (fastpath_xonly.c).  syscall_at: the site's `syscall`.  0 when done.
 * Called with patch_lock held. */
int poke_site(uint64_t at, uint64_t syscall_at, const unsigned char from[5],
              const unsigned char to[5], int prot, int xonly);
/* The SIGSYS handler, before it emulates a call: a thread that ran a site's
 * mov while poke_site had written half of it trapped with a mixed call
 * number; this puts the site's own number in %rax. */
void poke_fix_torn_call(ucontext_t *uc);

#endif
