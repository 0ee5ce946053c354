/* The tree's x86-64 interposition library must not reach an x32 program (its
 * ld.so would print "wrong ELF class" for it): it is taken out of LD_PRELOAD
 * here, before the x32 program starts (libc: start-up only).  It comes back for
 * the native programs the x32 program starts (syscalls/native_env.c), or they
 * would leave the tree. */
#include "tree/tree.h"
#include "base/preload_list.h"
#include "base/util.h"
#include <stdlib.h>

char **tree_guest_env(char **envp)
{
    const char *lib = env_value(envp, TREE_LIB_VAR);
    const char *list = env_value(envp, PRELOAD_VAR);
    if (!lib || !*lib || !list || !preload_list_has(list, lib))
        return envp;
    size_t n = 0;
    while (envp[n])
        n++;
    char **out = calloc(n + 1, sizeof *out);
    char *kept = malloc(str_len(PRELOAD_VAR) + str_len(list) + 1);
    if (!out || !kept)
        return envp;
    /* LD_PRELOAD without lib; dropped when nothing else is left in it. */
    str_copy(kept, str_len(PRELOAD_VAR) + 1, PRELOAD_VAR);
    char *w = kept + str_len(PRELOAD_VAR);
    size_t libn = str_len(lib), len;
    for (const char *e; (e = preload_next(&list, &len));) {
        if (len == libn && mem_eq(e, lib, libn))
            continue;
        if (w != kept + str_len(PRELOAD_VAR))
            *w++ = ':';
        mem_copy(w, e, len);
        w += len;
    }
    *w = 0;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (str_starts(envp[i], PRELOAD_VAR)) {
            if (w != kept + str_len(PRELOAD_VAR))
                out[k++] = kept;
        } else {
            out[k++] = envp[i];
        }
    }
    out[k] = 0;
    return out;
}
