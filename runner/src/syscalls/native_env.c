/* LD_PRELOAD given back to native programs the guest execs (native_env.h); the
 * list handling is base/preload_list.c's, shared with the start-up filters. */
#include "syscalls/native_env.h"
#include "base/preload_list.h"
#include "base/util.h"

void give_back_stashed_preload(char **envp, char *buf, size_t cap)
{
    /* The stash is the x32 side's memory only: a native child gets LD_PRELOAD back
     * (or not) and no stash, so a later x32-run judges its own caller afresh and a
     * stale stash never brings back a library someone removed since. */
    const char *stash = 0;
    size_t n = 0;
    for (size_t r = 0; envp[r]; r++) {
        if (str_starts(envp[r], PRELOAD_STASH_VAR)) {
            if (!stash)
                stash = envp[r] + str_len(PRELOAD_STASH_VAR);
            continue;
        }
        envp[n++] = envp[r];
    }
    envp[n] = 0;
    /* PSEUDO_UNLOAD asks for pseudo to stay out of this command's children. */
    if (!stash || !*stash || env_value(envp, "PSEUDO_UNLOAD="))
        return;
    preload_put_front(envp, stash, buf, cap);
}

void give_back_tree_preload(char **envp, char *buf, size_t cap)
{
    const char *lib = env_value(envp, TREE_LIB_VAR);
    if (!lib || !*lib)
        return;
    const char *old = env_value(envp, PRELOAD_VAR);
    if (old && preload_list_has(old, lib))
        return;
    preload_put_front(envp, lib, buf, cap);
}
