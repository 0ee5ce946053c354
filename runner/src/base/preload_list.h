/* LD_PRELOAD lists and environment entries, read the way ld.so reads them.
 * One home for what x32-run does to a guest's LD_PRELOAD: front/guest_preload.c
 * and tree/tree_env.c take x86-64 entries out before the x32 program starts,
 * syscalls/native_env.c puts them back for the native programs it execs (on the
 * trap path: this file uses no libc). */
#ifndef X32RUN_PRELOAD_LIST_H
#define X32RUN_PRELOAD_LIST_H

#include <stddef.h>

#define PRELOAD_VAR "LD_PRELOAD="
/* Where front/guest_preload.c keeps the entries it took out, for the give-back. */
#define PRELOAD_STASH_VAR "X32_RUN_NATIVE_PRELOAD="
/* x32-run --tree's preload library, set by tree/tree_preload.c. */
#define TREE_LIB_VAR "X32_TREE_PRELOAD="

/* The value of envp's first "VAR=" entry (var_eq ends with '='), or 0. */
const char *env_value(char **envp, const char *var_eq);

/* The next entry of an LD_PRELOAD list at *list, which ld.so splits at ':' and
 * ' ' (rtld's handle_preload_list): separators are skipped, the entry's length
 * goes to *len and *list moves past it.  Returns 0 at the end of the list. */
const char *preload_next(const char **list, size_t *len);

/* Does the list name lib (the whole entry)? */
int preload_list_has(const char *list, const char *lib);

/* Puts "LD_PRELOAD=front[:old]" into buf and into envp, in place of envp's
 * LD_PRELOAD or after its last entry (envp must have room for one more
 * pointer).  Too long for buf: envp is left as it is. */
void preload_put_front(char **envp, const char *front, char *buf, size_t cap);

#endif
