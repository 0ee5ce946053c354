/* x32-exec-preload.so's exported exec functions (see x32_exec_preload.h):
 * each sends an x32 target (runner/src/tree/x32_target.c) to x32-run and anything
 * else to the real function, with the tree's variables in the environment. */
#define _GNU_SOURCE
#include "x32_exec_preload.h"
#include "tree/x32_target.h"
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* exec path (known to be there) through the runner when it is x32, else with the
 * real execve; either way with the tree's environment. */
static int exec_file(const char *path, char *const argv[], char *const envp[])
{
    char *env_stack[STACK_WORDS], *arg_stack[STACK_WORDS], prebuf[VAR_MAX + 4096];
    struct vec env, args;
    if (!lib || tree_env(envp, &env, env_stack, prebuf, sizeof prebuf) != 0)
        return real_execve(path, argv, envp);
    int r;
    if (wants_x32_runner(path) && runner_argv(path, argv, &args, arg_stack) == 0) {
        r = real_execve(runner, args.v, env.v);
        int e = errno;
        vec_put(&args);
        errno = e;
    } else {
        r = real_execve(path, argv, env.v);
    }
    int e = errno;
    vec_put(&env);
    errno = e;
    return r;
}

EXPORT int execve(const char *path, char *const argv[], char *const envp[])
{
    return exec_file(path, argv, envp);
}

EXPORT int execv(const char *path, char *const argv[])
{
    return exec_file(path, argv, environ);
}

EXPORT int execvpe(const char *file, char *const argv[], char *const envp[])
{
    char buf[PATH_MAX];
    const char *found = lib ? search(file, buf, sizeof buf) : 0;
    if (found && wants_x32_runner(found))
        return exec_file(found, argv, envp);
    /* Not x32: glibc's own search, with its ENOEXEC shell fallback, and the tree
     * kept in the environment. */
    char *env_stack[STACK_WORDS], prebuf[VAR_MAX + 4096];
    struct vec env;
    if (!lib || tree_env(envp, &env, env_stack, prebuf, sizeof prebuf) != 0)
        return real_execvpe(file, argv, envp);
    int r = real_execvpe(file, argv, env.v);
    int e = errno;
    vec_put(&env);
    errno = e;
    return r;
}

EXPORT int execvp(const char *file, char *const argv[])
{
    return execvpe(file, argv, environ);
}

/* execl, execle, execlp: the argument list as a vector. */
#define COLLECT_ARGS(first, ap, vec, stack)                                          \
    size_t argc_ = 1;                                                                \
    va_list count_;                                                                  \
    va_copy(count_, ap);                                                             \
    while (va_arg(count_, char *))                                                   \
        argc_++;                                                                     \
    va_end(count_);                                                                  \
    if (vec_get(&vec, stack, argc_ + 1) != 0) {                                      \
        va_end(ap);                                                                  \
        errno = E2BIG;                                                               \
        return -1;                                                                   \
    }                                                                                \
    vec.v[0] = (char *)first;                                                        \
    for (size_t i_ = 1; i_ <= argc_; i_++)                                           \
        vec.v[i_] = va_arg(ap, char *);


/* Runs an argument list collected by COLLECT_ARGS with envp: through execvpe's
 * PATH search when search_path is set, else as exec_file; frees the list. */
static int exec_list(const char *name, struct vec *v, char *const *envp, int search_path)
{
    int r = search_path ? execvpe(name, v->v, envp) : exec_file(name, v->v, envp);
    int e = errno;
    vec_put(v);
    errno = e;
    return r;
}

EXPORT int execl(const char *path, const char *arg, ...)
{
    char *stack[STACK_WORDS];
    struct vec v;
    va_list ap;
    va_start(ap, arg);
    COLLECT_ARGS(arg, ap, v, stack);
    va_end(ap);
    return exec_list(path, &v, environ, 0);
}

EXPORT int execle(const char *path, const char *arg, ...)
{
    char *stack[STACK_WORDS];
    struct vec v;
    va_list ap;
    va_start(ap, arg);
    COLLECT_ARGS(arg, ap, v, stack);
    char *const *envp = va_arg(ap, char *const *);
    va_end(ap);
    return exec_list(path, &v, envp, 0);
}

EXPORT int execlp(const char *file, const char *arg, ...)
{
    char *stack[STACK_WORDS];
    struct vec v;
    va_list ap;
    va_start(ap, arg);
    COLLECT_ARGS(arg, ap, v, stack);
    va_end(ap);
    return exec_list(file, &v, environ, 1);
}

EXPORT int execveat(int dirfd, const char *path, char *const argv[], char *const envp[],
                    int flags)
{
    char buf[PATH_MAX + 32];
    const char *name = path;
    if (path[0] != '/') {
        if (!path[0] && (flags & AT_EMPTY_PATH))
            return fexecve(dirfd, argv, envp);
        if (dirfd != AT_FDCWD) {
            snprintf(buf, sizeof buf, "/proc/self/fd/%d/%s", dirfd, path);
            name = buf;
        }
    }
    if (lib && wants_x32_runner(name))
        return exec_file(name, argv, envp);
    if (real_execveat)
        return real_execveat(dirfd, path, argv, envp, flags);
    return (int)syscall(SYS_execveat, dirfd, path, argv, envp, flags);
}

EXPORT int fexecve(int fd, char *const argv[], char *const envp[])
{
    char name[64];
    snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
    if (lib && wants_x32_runner(name)) {
        /* The runner reopens the file after its own exec: an O_CLOEXEC descriptor
         * would be gone by then, so it gets a copy that survives (one descriptor
         * leaks into the program, as with the runner's own fexecve). */
        int keep = fcntl(fd, F_DUPFD, 3);
        if (keep < 0)
            return -1;
        snprintf(name, sizeof name, "/proc/self/fd/%d", keep);
        int r = exec_file(name, argv, envp), e = errno;
        close(keep);
        errno = e;
        return r;
    }
    return real_fexecve(fd, argv, envp);
}

static int spawn(spawn_fn real, pid_t *pid, const char *path, const char *file,
                 const posix_spawn_file_actions_t *fa, const posix_spawnattr_t *attr,
                 char *const argv[], char *const envp[])
{
    char *env_stack[STACK_WORDS], *arg_stack[STACK_WORDS], prebuf[VAR_MAX + 4096];
    struct vec env, args;
    if (!lib || tree_env(envp, &env, env_stack, prebuf, sizeof prebuf) != 0)
        return real(pid, file, fa, attr, argv, envp);
    int r;
    if (path && wants_x32_runner(path) && runner_argv(path, argv, &args, arg_stack) == 0) {
        r = real_posix_spawn(pid, runner, fa, attr, args.v, env.v);
        vec_put(&args);
    } else {
        r = real(pid, file, fa, attr, argv, env.v);
    }
    vec_put(&env);
    return r;
}

EXPORT int posix_spawn(pid_t *pid, const char *path, const posix_spawn_file_actions_t *fa,
                       const posix_spawnattr_t *attr, char *const argv[], char *const envp[])
{
    return spawn(real_posix_spawn, pid, path, path, fa, attr, argv, envp);
}

EXPORT int posix_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *fa,
                        const posix_spawnattr_t *attr, char *const argv[], char *const envp[])
{
    char buf[PATH_MAX];
    const char *found = lib ? search(file, buf, sizeof buf) : 0;
    return spawn(real_posix_spawnp, pid, found, file, fa, attr, argv, envp);
}
