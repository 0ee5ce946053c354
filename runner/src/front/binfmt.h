/* binfmt_misc registration (front/binfmt.c): x32-run --register and
 * --unregister, and the rule --tree's private binfmt_misc registers too. */
#ifndef X32RUN_BINFMT_H
#define X32RUN_BINFMT_H

#include <stddef.h>

/* x32-run --register / --unregister; each returns the exit status. */
int register_binfmt(void);
int unregister_binfmt(void);

#endif
