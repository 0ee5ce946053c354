/* The preload library's state: the real exec functions, the tree's variables
 * (as "NAME=value" strings for environments that lost them), and the vectors
 * built for the new program: its environment with the tree put back, and the
 * runner's command line. */
#define _GNU_SOURCE
#include "base/preload_list.h"
#include "x32_exec_preload.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

execve_fn real_execve;
execvpe_fn real_execvpe;
execveat_fn real_execveat;
fexecve_fn real_fexecve;
spawn_fn real_posix_spawn, real_posix_spawnp;

char runner[PATH_MAX];
static char var_tree[] = "X32_TREE=preload";
static char var_runner[VAR_MAX], var_lib[VAR_MAX];
const char *lib;

__attribute__((constructor)) static void init(void)
{
    real_execve = (execve_fn)dlsym(RTLD_NEXT, "execve");
    real_execvpe = (execvpe_fn)dlsym(RTLD_NEXT, "execvpe");
    real_execveat = (execveat_fn)dlsym(RTLD_NEXT, "execveat");
    real_fexecve = (fexecve_fn)dlsym(RTLD_NEXT, "fexecve");
    real_posix_spawn = (spawn_fn)dlsym(RTLD_NEXT, "posix_spawn");
    real_posix_spawnp = (spawn_fn)dlsym(RTLD_NEXT, "posix_spawnp");
    const char *r = getenv("X32_TREE_RUNNER"), *l = getenv("X32_TREE_PRELOAD");
    if (!r || r[0] != '/' || strlen(r) >= sizeof runner || !l || strlen(l) >= PATH_MAX)
        return; /* not in a tree (a stray LD_PRELOAD): do nothing */
    strcpy(runner, r);
    snprintf(var_runner, sizeof var_runner, "X32_TREE_RUNNER=%s", r);
    snprintf(var_lib, sizeof var_lib, "X32_TREE_PRELOAD=%s", l);
    lib = var_lib + strlen("X32_TREE_PRELOAD=");
}

int vec_get(struct vec *out, char **stack, size_t words)
{
    if (words <= STACK_WORDS) {
        out->v = stack;
        out->mapped = 0;
        return 0;
    }
    size_t bytes = words * sizeof(char *);
    void *p = mmap(0, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return -1;
    out->v = p;
    out->mapped = bytes;
    return 0;
}

void vec_put(struct vec *v)
{
    if (v->mapped)
        munmap(v->v, v->mapped);
}

size_t count(char *const *v)
{
    size_t n = 0;
    while (v && v[n])
        n++;
    return n;
}

int tree_env(char *const *envp, struct vec *out, char **stack, char *prebuf, size_t cap)
{
    size_t n = count(envp);
    if (vec_get(out, stack, n + 5) != 0)
        return -1;
    int has_tree = 0, has_runner = 0, has_lib = 0;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        char *e = envp[i];
        if (strncmp(e, "X32_TREE=", 9) == 0)
            has_tree = 1;
        else if (strncmp(e, "X32_TREE_RUNNER=", 16) == 0)
            has_runner = 1;
        else if (strncmp(e, TREE_LIB_VAR, strlen(TREE_LIB_VAR)) == 0)
            has_lib = 1;
        out->v[k++] = e;
    }
    if (!has_tree)
        out->v[k++] = var_tree;
    if (!has_runner)
        out->v[k++] = var_runner;
    if (!has_lib)
        out->v[k++] = var_lib;
    out->v[k] = 0;
    /* The tree's library first in LD_PRELOAD (a whole entry, as ld.so splits the
     * list), by the runner's one LD_PRELOAD editor (src/base/preload_list.c). */
    const char *old = env_value(out->v, PRELOAD_VAR);
    if (!old || !preload_list_has(old, lib))
        preload_put_front(out->v, lib, prebuf, cap);
    return 0;
}

/* runner --argv0 ARGV0 -- PATH ARGV[1..] */
int runner_argv(const char *path, char *const *argv, struct vec *out, char **stack)
{
    size_t n = count(argv);
    if (vec_get(out, stack, n + 6) != 0)
        return -1;
    size_t k = 0;
    out->v[k++] = runner;
    out->v[k++] = "--argv0";
    out->v[k++] = (char *)(n ? argv[0] : path);
    out->v[k++] = "--";
    out->v[k++] = (char *)path;
    for (size_t i = 1; i < n; i++)
        out->v[k++] = argv[i];
    out->v[k] = 0;
    return 0;
}

const char *search(const char *file, char *buf, size_t cap)
{
    if (strchr(file, '/'))
        return file;
    if (!*file)
        return 0;
    const char *path = getenv("PATH");
    if (!path)
        path = "/bin:/usr/bin";
    for (const char *p = path;; p++) {
        const char *colon = strchrnul(p, ':');
        size_t dlen = (size_t)(colon - p);
        int n = dlen ? snprintf(buf, cap, "%.*s/%s", (int)dlen, p, file)
                     : snprintf(buf, cap, "%s", file); /* empty entry: the current directory */
        struct stat st;
        if (n > 0 && (size_t)n < cap && stat(buf, &st) == 0 && S_ISREG(st.st_mode) &&
            access(buf, X_OK) == 0)
            return buf;
        if (!*colon)
            return 0;
        p = colon;
    }
}
