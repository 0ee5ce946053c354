/* Which x32 numbers exist (from the kernel's syscall_64.tbl) and their names
 * for X32_RUN_TRACE.  The names are generated at build time from the Linux
 * UAPI headers (asm/unistd_64.h and asm/unistd_x32.h) into syscall_names.h. */
#include "syscall_table.h"

static const char *const names[] = {
#include "syscall_names.h"
};

const char *syscall_name(unsigned long nr)
{
    if (nr < sizeof names / sizeof names[0] && names[nr])
        return names[nr];
    return 0;
}

/* The "64" rows: the native numbers of the 36 x32-specific calls (which x32
 * reaches through 512-547 instead) plus calls x32 never had. */
static const unsigned short native_only[] = {
    13, 15, 16, 19, 20, 45, 46, 47, 54, 55, 59, 101, 127, 128, 129, 131,
    134, 156, 174, 177, 178, 180, 205, 206, 209, 211, 214, 215, 222, 236,
    244, 246, 247, 273, 274, 278, 279, 295, 296, 297, 299, 307, 310, 311,
    322, 327, 328, 453,
};

int is_native_only(unsigned long nr)
{
    for (unsigned i = 0; i < sizeof native_only / sizeof native_only[0]; i++)
        if (native_only[i] == nr)
            return 1;
    return 0;
}
