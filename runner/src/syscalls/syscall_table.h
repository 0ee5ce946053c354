/* The x32 calls' names (syscalls/syscall_table.c); their rows are
 * call_table.c (core/call_table.h). */
#ifndef X32RUN_SYSCALL_TABLE_H
#define X32RUN_SYSCALL_TABLE_H

/* x32 numbers are used without X32_SYSCALL_BIT here. */
#include "base/x32_syscalls.h"

const char *syscall_name(unsigned long nr);

#endif
