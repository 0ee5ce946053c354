/* Path redirection for the guest's path calls and execve (syscalls/paths.c). */
#ifndef X32RUN_PATHS_H
#define X32RUN_PATHS_H

#include <stddef.h>

#define PATH_BUF 4096

/* sysroot: directory holding libx32/ etc., or "/" for none.
 * guest_exe: absolute path of the x32 program, for /proc/self/exe. */
void paths_init(const char *sysroot, const char *guest_exe);
const char *current_sysroot(void);
const char *guest_exe_path(void);

/* QEMU -L style: an absolute path under /libx32/ or /usr/libx32/ names
 * SYSROOT/path when that exists, else the host path.  /proc/self/exe names
 * the guest program.  Returns `path` itself or `buf`. */
const char *redirect_path(const char *path, char *buf, size_t cap);

/* -L ROOT (QEMU user mode's interpreter prefix): every absolute path the program
 * opens, stats, execs or readlinks is ROOT/path when that exists, else the path
 * itself; /proc, /dev and /sys stay the host's. */
void paths_use_whole_root(void);
int paths_whole_root(void);
/* The ELF interpreter: under -L only ROOT/path (a missing one must be reported,
 * not replaced by the host's); otherwise as redirect_path. */
const char *redirect_interp(const char *path, char *buf, size_t cap);

#endif
