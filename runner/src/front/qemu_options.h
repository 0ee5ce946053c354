/* QEMU user mode's options and what they change (front/qemu_options.c). */
#ifndef X32RUN_QEMU_OPTIONS_H
#define X32RUN_QEMU_OPTIONS_H

/* QEMU user mode's command line, as OpenEmbedded writes it (oe.qemu's
 * qemu_wrapper_cmdline, libc-package's localedef call, qemuwrapper-cross):
 *   x32-run [-r RELEASE] [-cpu MODEL] -L ROOTFS -E VAR=VALUE [-U VAR] [-0 ARGV0] [--] PROG ARGS
 * so that x32-run can stand where OpenEmbedded expects qemu-<arch>.  See
 * runner/README.md ("QEMU user-mode options"). */

#include <stddef.h>
#include <stdio.h>

/* Exit statuses of the QEMU-style errors, each distinct so a caller (and the
 * tests) can tell them apart. */
#define EXIT_QEMU_USAGE 2        /* option without its value, malformed -E/-U */
#define EXIT_QEMU_BAD_ROOTFS 3   /* -L names no directory, or one that is not a root */
#define EXIT_QEMU_NOT_X32 126    /* -L given and the program is not an x32 ELF program */
#define EXIT_QEMU_NO_INTERP 127  /* the program's interpreter is missing under -L */

/* Consumes argv[*i] (and its value) when it is a QEMU option, advancing *i to
 * the last word used; returns 0 when argv[*i] is not one.  A missing value is
 * one line on stderr and exit EXIT_QEMU_USAGE. */
int qemu_option(int argc, char **argv, int *i);

/* The lines --help adds for these options. */
void qemu_options_usage(FILE *f);

/* After the command line: checks -L and hands its results over.  *sysroot
 * becomes the -L directory and *argv0 the -0 name, when given. */
void qemu_options_finish(const char **sysroot, const char **argv0);

/* The -L directory, or NULL without -L. */
const char *qemu_rootfs(void);

/* The program's environment: -E and -U applied in command-line order, then an
 * LD_PRELOAD stripped of entries that are not x32 (front/guest_preload.c).
 * Returns envp itself when nothing changes. */
char **qemu_guest_env(char **envp);

#endif
