/* Writing the 5 bytes of a system-call site while the program may run them
 * (fastpath_poke.c). */
#ifndef X32RUN_FASTPATH_POKE_H
#define X32RUN_FASTPATH_POKE_H

#include <signal.h>
#include <stdint.h>
#include <ucontext.h>

/* Set (for good) once the program made a task that shares its memory and
 * runs beside it: a thread, or a CLONE_VM child that is not a vfork child
 * (threads.c).  Until then nothing else runs the program's code while a
 * SIGSYS handler writes it. */
extern int fastpath_vm_shared;

/* Replaces the 5 bytes at `at` (`from`, or nothing is written: -1) by `to`, on
 * a page whose own protection is prot; the page ends PROT_EXEC alone when
 * xonly (fastpath_xonly.c).  0 when done.  Called with patch_lock held. */
int poke_site(uint64_t at, const unsigned char from[5], const unsigned char to[5], int prot,
              int xonly);
/* fastpath_host_signal, first thing: 1 when this SIGTRAP is a thread that met
 * the int3 poke_site puts first while it rewrites a site its block cannot
 * hold; the site's instruction is run for it, as if it had been there. */
int poke_int3_trap(ucontext_t *uc, int sig, const siginfo_t *si);

#endif
