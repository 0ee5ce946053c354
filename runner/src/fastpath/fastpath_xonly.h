/* Execute-only rewritten pages, where the CPU has protection keys
 * (fastpath_xonly.c). */
#ifndef X32RUN_FASTPATH_XONLY_H
#define X32RUN_FASTPATH_XONLY_H

#include <signal.h>
#include <ucontext.h>
#include <stdint.h>

/* The kernel's execute-only key once xonly_probe found one; 0: rewritten
 * pages stay readable. */
extern int xonly_key;
/* CPUID.7.0:ECX.OSPKE: the CPU has protection keys and the kernel turned
 * them on (also what --probe reports). */
int cpu_ospke(void);
void xonly_probe(void);
/* The runner's own loads from a rewritten page: opens the key for this
 * thread; xonly_close(what xonly_open returned) shuts it again. */
uint32_t xonly_open(void);
void xonly_close(uint32_t old);
/* signal handler, first thing: 1 when this was a load from a rewritten page,
 * which now holds its original bytes again (the load is re-run). */
int xonly_read_fault(int sig, const siginfo_t *si);
/* trap.c, after call nr failed with EFAULT: exposes (as below) the rewritten
 * pages its arguments point at, or just before (every one, for the calls that
 * take vectors of buffers); 1 when there were any, and the call is made again. */
int xonly_expose_arguments(uint64_t nr, const greg_t *g);
/* fastpath_patch.c: every execute-only page exposed; 1 when there was one. */
int fastpath_expose_all(void);
/* fastpath_patch.c: every site on page gets its bytes back and its protection,
 * and the page is not rewritten again; 0 when no site was there. */
int fastpath_expose_page(uint64_t page);

#endif
