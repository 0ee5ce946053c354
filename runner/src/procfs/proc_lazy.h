/* /proc/self/maps, smaps and numa_maps written at their first use, not at open
 * (see proc_lazy.c). */
#ifndef X32RUN_PROC_LAZY_H
#define X32RUN_PROC_LAZY_H

#include <signal.h>

enum proc_lazy_kind { PROC_LAZY_MAPS, PROC_LAZY_SMAPS, PROC_LAZY_NUMA_MAPS };

/* The guest's open of one of them: an empty memfd that is filled when the
 * guest first uses it; -errno when the kernel has no such file. */
long proc_lazy_open(enum proc_lazy_kind kind, long open_flags);

/* How many opened files wait for their text; read on every call, without a
 * lock, so that a program with none pays one load. */
extern int proc_lazy_waiting;

/* Before the guest's call nr (x32 numbers without the x32 bit): fills the file
 * the call is about to use, forgets one it closes. */
void proc_lazy_before_call(unsigned long nr, const greg_t *g);
/* After it: a dup of a waiting fd waits with it. */
void proc_lazy_after_call(unsigned long nr, const greg_t *g, long result);

/* core/threads.c, around a fork: the forking thread holds the virtual files'
 * locks (this file's, then maps', then numa_maps': the order a fill nests
 * them) while the kernel copies the process, so none is copied held by a
 * thread the child does not have. */
void proc_fork_prepare(void);
void proc_fork_done(void);

#endif
