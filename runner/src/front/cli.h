/* x32-run's command line, and the ways of running a program that main.c
 * chooses between: cli.c parses the options, mode_exec.c runs the program
 * natively or in the x32 VM (both by exec), start_guest.c starts it in user
 * mode. */
#ifndef X32RUN_CLI_H
#define X32RUN_CLI_H

#include <stddef.h>

struct options {
    const char *mode;    /* "native", "user", "vm" or NULL for automatic */
    const char *sysroot; /* NULL: next to the runner, else "/" */
    const char *argv0;
    const char *program;
    int nargs;           /* guest arguments after the program */
    int probe;           /* --probe: report and exit */
    const char *comm;    /* the file exec'd: its basename is the process name */
    const char *execfn;  /* --execfn: the name the kernel would give (AT_EXECFN) */
    char **args;
    int tree;            /* --tree: run a command in a tree (tree.c) */
    const char *tree_with;
    int via_binfmt;      /* the kernel handed us the program (binfmt_misc) */
    const char *gdb;     /* -g PORT|-, or X32_RUN_GDB: wait for gdb (gdb_stub.c) */
};

/* cli.c: fills o from argv; exits for --help, --version, --register, --tree
 * and for bad usage. */
void parse_args(int argc, char **argv, struct options *o);

/* mode_exec.c */
/* The sysroot when --sysroot is not given: $X32_SYSROOT, else the SDK's next to
 * the runner, else "/". */
void default_sysroot(const char *runner_path, char *buf, size_t cap);
/* The sysroot of this run, resolved once: --sysroot, else default_sysroot of
 * the runner's own path (--probe, --mode vm and user mode's start-up ask it). */
const char *chosen_sysroot(const struct options *o);
int default_musl_root(const char *runner_path, const char *interp, char *buf, size_t cap);
/* calloc, or one line and exit status 126. */
char **alloc_argv(size_t entries);
/* Execs path with the guest's argv (native mode, or a non-x32 program). */
void exec_native(const char *path, const struct options *o, char **envp);
/* --mode vm: execs x32-vm run ... */
_Noreturn void exec_vm(const struct options *o);

/* start_guest.c: user mode: maps the program (fd, open on path) and its
 * interpreter, builds the x32 stack, arms the trap and enters the guest. */
void run_x32(const char *path, int fd, const struct options *o, char **envp);

#endif
