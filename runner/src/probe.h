#ifndef X32RUN_PROBE_H
#define X32RUN_PROBE_H
int kernel_runs_x32(void);      /* a bit-30 syscall works natively */
int sud_available(void);        /* PR_SET_SYSCALL_USER_DISPATCH works */
int print_probe(void);          /* x32-run --probe; returns exit status */
#endif
