#ifndef X32RUN_PROBE_H
#define X32RUN_PROBE_H
int kernel_runs_x32(void);      /* a bit-30 syscall works natively */
int sud_available(void);        /* PR_SET_SYSCALL_USER_DISPATCH works */
/* x32-run --probe; returns the exit status. */
int print_probe(const char *sysroot);
#endif
