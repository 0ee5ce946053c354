/* LD_PRELOAD lists (preload_list.h): splitting, searching and prepending, with
 * base/util.c's freestanding string functions only, since the give-back runs
 * inside a trapped execve. */
#include "base/preload_list.h"
#include "base/util.h"

const char *env_value(char **envp, const char *var_eq)
{
    for (; envp && *envp; envp++)
        if (str_starts(*envp, var_eq))
            return *envp + str_len(var_eq);
    return 0;
}

static int is_sep(char c) { return c == ':' || c == ' '; }

const char *preload_next(const char **list, size_t *len)
{
    const char *p = *list;
    while (is_sep(*p))
        p++;
    size_t n = 0;
    while (p[n] && !is_sep(p[n]))
        n++;
    *list = p + n;
    *len = n;
    return n ? p : 0;
}

int preload_list_has(const char *list, const char *lib)
{
    size_t n = str_len(lib), len;
    for (const char *e; (e = preload_next(&list, &len));)
        if (len == n && mem_eq(e, lib, n))
            return 1;
    return 0;
}

void preload_put_front(char **envp, const char *front, char *buf, size_t cap)
{
    size_t i = 0, at = (size_t)-1;
    for (; envp[i]; i++)
        if (at == (size_t)-1 && str_starts(envp[i], PRELOAD_VAR))
            at = i;
    const char *old = at == (size_t)-1 ? 0 : envp[at] + str_len(PRELOAD_VAR);
    str_copy(buf, cap, PRELOAD_VAR);
    str_cat(buf, cap, front);
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
