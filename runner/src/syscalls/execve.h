/* The guest's execve and execveat (syscalls/execve.c); the call itself is
 * emulate_execve in emulation.h.  Not the modes that exec a program from the
 * command line: those are front/mode_exec.c. */
#ifndef X32RUN_EXECVE_H
#define X32RUN_EXECVE_H
/* Set by front/start_guest.c before the guest runs: the runner to re-run for
 * an x32 exec target, and whether to pass it the sysroot. */
void exec_init(const char *runner_path, int pass_sysroot);
#endif
