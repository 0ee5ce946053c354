/* The tree's x86-64 interposition library must not reach an x32 program (its
 * ld.so would print "wrong ELF class" for it), but must come back for the native
 * programs the x32 program starts, or they would leave the tree. */
#include "tree/tree.h"
#include "base/util.h"
#include <stdlib.h>
#include <string.h>

#define PRELOAD_VAR "LD_PRELOAD="
#define TREE_LIB_VAR "X32_TREE_PRELOAD="

static const char *value_of(char **envp, const char *var_eq)
{
    for (; envp && *envp; envp++)
        if (str_starts(*envp, var_eq))
            return *envp + str_len(var_eq);
    return 0;
}

/* Does the LD_PRELOAD list (separated by ':' or ' ') name lib? */
static int list_has(const char *list, const char *lib)
{
    size_t n = str_len(lib);
    for (const char *p = list; *p;) {
        size_t len = 0;
        while (p[len] && p[len] != ':' && p[len] != ' ')
            len++;
        if (len == n && mem_eq(p, lib, n))
            return 1;
        p += len;
        while (*p == ':' || *p == ' ')
            p++;
    }
    return 0;
}

char **tree_guest_env(char **envp)
{
    const char *lib = value_of(envp, TREE_LIB_VAR);
    const char *list = value_of(envp, PRELOAD_VAR);
    if (!lib || !*lib || !list || !list_has(list, lib))
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
    size_t libn = str_len(lib);
    for (const char *p = list; *p;) {
        size_t len = 0;
        while (p[len] && p[len] != ':' && p[len] != ' ')
            len++;
        if (len && !(len == libn && mem_eq(p, lib, libn))) {
            if (w != kept + str_len(PRELOAD_VAR))
                *w++ = ':';
            mem_copy(w, p, len);
            w += len;
        }
        p += len;
        while (*p == ':' || *p == ' ')
            p++;
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

void tree_env_for_native(char **envp, char *buf, size_t cap)
{
    const char *lib = value_of(envp, TREE_LIB_VAR);
    if (!lib || !*lib)
        return;
    size_t i = 0, at = (size_t)-1;
    for (; envp[i]; i++)
        if (at == (size_t)-1 && str_starts(envp[i], PRELOAD_VAR))
            at = i;
    const char *old = at == (size_t)-1 ? 0 : envp[at] + str_len(PRELOAD_VAR);
    if (old && list_has(old, lib))
        return;
    str_copy(buf, cap, PRELOAD_VAR);
    str_cat(buf, cap, lib);
    if (old && *old) {
        str_cat(buf, cap, ":");
        if (str_cat(buf, cap, old) >= cap)
            return; /* too long: leave the guest's own value alone */
    }
    if (at != (size_t)-1) {
        envp[at] = buf;
    } else {
        envp[i] = buf;
        envp[i + 1] = 0;
    }
}
