#ifndef X32RUN_EXEC_H
#define X32RUN_EXEC_H
/* Set by main(): how to re-run the runner for an x32 exec target. */
void exec_init(const char *runner_path, int pass_sysroot);
/* Splits the "#!interp [arg]" line at the start of hdr[0..len) in place. */
#endif
