/* The environment of a native program the guest execs (syscalls/execve.c): what
 * x32-run kept out of the x32 program's LD_PRELOAD goes back, so pseudo and the
 * --tree library reach native children.  Trap path: no libc. */
#ifndef X32RUN_NATIVE_ENV_H
#define X32RUN_NATIVE_ENV_H

#include <stddef.h>

/* The entries front/guest_preload.c took out (stashed in X32_RUN_NATIVE_PRELOAD)
 * go back in front of LD_PRELOAD, unless PSEUDO_UNLOAD is set, and the stash is
 * removed.  Rewrites envp in place (room for one more entry is assumed), using
 * buf for the new LD_PRELOAD. */
void give_back_stashed_preload(char **envp, char *buf, size_t cap);

/* x32-run --tree with the preload library: the library ($X32_TREE_PRELOAD) goes
 * back into LD_PRELOAD, so native grandchildren stay in the tree.  The same
 * room and buf rules. */
void give_back_tree_preload(char **envp, char *buf, size_t cap);

#endif
