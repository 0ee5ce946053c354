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

/* The same bytes /proc/self/auxv shows (for the gdb stub's qXfer:auxv). */
int proc_self_get_auxv(const void **data, unsigned long *len);

#endif
