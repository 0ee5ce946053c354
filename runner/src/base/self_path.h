/* The runner's own executable, the one place it is read from /proc/self/exe:
 * the default sysroot and musl root lie beside it, --register pins it, --tree and
 * gdb's server start it again, --version reads the prefix it is in. */
#ifndef X32RUN_SELF_PATH_H
#define X32RUN_SELF_PATH_H

/* Its absolute path, read once (raw calls, no libc: safe anywhere), or 0 when
 * /proc is not mounted. */
const char *runner_path(void);

#endif
