/* /proc/self/maps, smaps and numa_maps written at their first use, not at open
 * (see proc_lazy.c). */
#ifndef X32RUN_PROC_LAZY_H
#define X32RUN_PROC_LAZY_H

#include <signal.h>

enum proc_lazy_kind { PROC_LAZY_MAPS, PROC_LAZY_SMAPS, PROC_LAZY_NUMA_MAPS };

/* The guest's open of one of them: an empty memfd that is filled when the
 * guest first uses it; -errno when the kernel has no such file. */
long proc_lazy_open(enum proc_lazy_kind kind, long open_flags);


#endif
