/* binfmt_misc registration (front/binfmt.c): x32-run --register and
 * --unregister, and the rule --tree's private binfmt_misc registers too. */
#ifndef X32RUN_BINFMT_H
#define X32RUN_BINFMT_H

#include <stddef.h>

/* The registration line for binfmt_misc: entry NAME runs x32 ELF files with
 * INTERP (flags POF).  Its length, or -1 when it does not fit in cap. */
int binfmt_rule(char *buf, size_t cap, const char *name, const char *interp);
/* x32-run --register / --unregister; each returns the exit status. */
int register_binfmt(void);
int unregister_binfmt(void);

#endif
