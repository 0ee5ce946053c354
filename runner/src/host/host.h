/* What this host offers, asked by the front door (--probe, --register, the
 * default mode) and by x32-run --tree: facts of the running kernel and of the
 * host's file system, not of any guest (host/host_facts.c). */
#ifndef X32RUN_HOST_H
#define X32RUN_HOST_H

#include <stddef.h>

/* A bit-30 (x32) system call works natively. */
int kernel_runs_x32(void);
/* PR_SET_SYSCALL_USER_DISPATCH works. */
int sud_available(void);
/* Looks NAME up in $PATH (or the default path) as a shell would: the first
 * DIR/NAME for which ok() is true, left in buf.  Returns 1 when found. */
int search_path(const char *name, char *buf, size_t cap, int (*ok)(const char *));
/* The registration line for binfmt_misc: entry NAME runs x32 ELF files with
 * INTERP (flags POF: argv[0] kept, the file opened for it, the runner pinned).
 * Its length, or -1 when it does not fit in cap. */
int binfmt_rule(char *buf, size_t cap, const char *name, const char *interp);

/* sdk_identity.c: "PROGRAM VERSION (x32-sdk V, commit C, key K)" from the
 * build-info.json of the prefix this program was started from, or "(not part of
 * a built SDK)"; --version of x32-run and x32-vm. */
void print_sdk_version(const char *program, const char *version);

#endif
