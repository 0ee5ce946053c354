/* The x32 calls' names for X32_RUN_TRACE, refusals and the support table,
 * generated at build time from the Linux UAPI headers (asm/unistd_64.h and
 * asm/unistd_x32.h) into syscall_names.h.  Their rows are call_table.c. */
#include "syscalls/syscall_table.h"

static const char *const names[] = {
#include "syscall_names.h"
};

const char *syscall_name(unsigned long nr)
{
    if (nr < sizeof names / sizeof names[0] && names[nr])
        return names[nr];
    return 0;
}
