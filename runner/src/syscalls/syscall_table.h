/* x32's system-call table as the dispatcher and the trace need it: names and
 * which numbers are x86-64-only (syscalls/syscall_table.c). */
#ifndef X32RUN_SYSCALL_TABLE_H
#define X32RUN_SYSCALL_TABLE_H

/* x32 numbers are used without X32_SYSCALL_BIT here. */
#include "base/x32_syscalls.h"

const char *syscall_name(unsigned long nr);
/* Native-only ("64") entries of syscall_64.tbl: an x32 task gets ENOSYS. */
int is_native_only(unsigned long nr);

#endif
