/* procfs/'s public header.  The files under /proc/self that would describe the
 * runner instead of the x32 program (maps, smaps, numa_maps, stat, status,
 * auxv, cmdline) are opened as memfds holding what an x32 task would show
 * (proc_self.h, proc_lazy.h); and the names by which a process reaches its own
 * /proc entries. */
#ifndef X32RUN_PROCFS_H
#define X32RUN_PROCFS_H

#include "core/core.h"
#include "procfs/proc_self.h"

/* For "/proc/self/X", "/proc/thread-self/X" and "/proc/<this process's pid>/X":
 * X; for any other path, NULL. */
const char *own_proc_entry(const char *path);
/* /proc/self/exe, or /proc/self/task/<tid>/exe, by any of those names. */
int is_proc_self_exe(const char *path);

/* syscalls/: /proc/self/maps, smaps and numa_maps are written at their first
 * use, not at open.  How many opened files wait for their text; read on every
 * call, without a lock, so that a program with none pays one load. */
extern int proc_lazy_waiting;
/* Before the guest's call nr (x32 numbers without the x32 bit): fills the file
 * the call is about to use, forgets one it closes. */
void proc_lazy_before_call(unsigned long nr, const greg_t *g);
/* After it: a dup of a waiting fd waits with it. */
void proc_lazy_after_call(unsigned long nr, const greg_t *g, long result);

/* front/, at start-up: registers the virtual files' locks with core's fork
 * registry (held across a fork). */
void procfs_install(void);

#endif
