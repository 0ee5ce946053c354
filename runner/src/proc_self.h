/* Files under /proc/self that would describe the runner instead of the x32
 * program: maps (runner mappings above 4 GiB), auxv (64-bit pairs) and
 * cmdline (the runner's argv).  Opening one returns a memfd with what an x32
 * task would show, captured at open time.  (exe is handled in paths.c.) */
#ifndef X32RUN_PROC_SELF_H
#define X32RUN_PROC_SELF_H

#include <stdint.h>

/* Returns a new fd, -errno, or 0 when `path` is not a virtualised file. */
long open_proc_self(const char *path, long open_flags);

/* Recorded at start-up by initial_stack.c. */
void proc_self_set_auxv(const uint32_t *words, int n);
void proc_self_set_cmdline(uint64_t start, uint64_t end);

#endif
