/* What this host can do (front/probe.c): for --probe, the default mode and
 * finding x32-vm and programs on $PATH. */
#ifndef X32RUN_PROBE_H
#define X32RUN_PROBE_H
#include <stddef.h>
int kernel_runs_x32(void);      /* a bit-30 syscall works natively */
int sud_available(void);        /* PR_SET_SYSCALL_USER_DISPATCH works */
/* x32-run --mode vm: $X32_VM, else x32-vm next to this x32-run.  Leaves the path
 * in buf; returns 1 when it is an executable file. */
int find_x32_vm(char *buf, size_t cap);
/* Looks NAME up in $PATH (or the default path) as a shell would: the first
 * DIR/NAME for which ok() is true, left in buf.  Returns 1 when found. */
int search_path(const char *name, char *buf, size_t cap, int (*ok)(const char *));
/* x32-run --probe; returns the exit status. */
int print_probe(const char *sysroot);
#endif
