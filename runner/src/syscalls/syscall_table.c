/* Which x32 numbers exist (from the kernel's syscall_64.tbl) and their names
 * for X32_RUN_TRACE.  The names are generated at build time from the Linux
 * UAPI headers (asm/unistd_64.h and asm/unistd_x32.h) into syscall_names.h. */
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

/* The "64" rows: the native numbers of the 36 x32-specific calls (which x32
 * reaches through 512-547 instead) plus calls x32 never had.  A switch, so
 * the compiler turns it into bit tests on the hot path. */
int is_native_only(unsigned long nr)
{
    switch (nr) {
    case 13: case 15: case 16: case 19: case 20: case 45: case 46: case 47:
    case 54: case 55: case 59: case 101: case 127: case 128: case 129: case 131:
    case 134: case 156: case 174: case 177: case 178: case 180: case 205: case 206:
    case 209: case 211: case 214: case 215: case 222: case 236: case 244: case 246:
    case 247: case 273: case 274: case 278: case 279: case 295: case 296: case 297:
    case 299: case 307: case 310: case 311: case 322: case 327: case 328: case 453:
        return 1;
    default:
        return 0;
    }
}
