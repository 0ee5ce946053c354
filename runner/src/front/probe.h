/* What this host can do (front/probe.c): for --probe, the default mode and
 * finding x32-vm and programs on $PATH. */
#ifndef X32RUN_PROBE_H
#define X32RUN_PROBE_H
#include <stddef.h>
/* x32-run --mode vm: $X32_VM, else x32-vm next to this x32-run.  Leaves the path
 * in buf; returns 1 when it is an executable file. */
int find_x32_vm(char *buf, size_t cap);
/* x32-run --probe; returns the exit status. */
int print_probe(const char *sysroot);
#endif
