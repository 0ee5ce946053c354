/* x32-exec-preload.so: the fallback of `x32-run --tree` where binfmt_misc cannot
 * be mounted in a user namespace.  Preloaded into the tree's native (x86-64)
 * programs, it routes every exec of an x32 program, or of a "#!" script whose
 * interpreter is x32, to x32-run:
 *
 *   execve execv execvp execvpe execl execle execlp execveat fexecve
 *   posix_spawn posix_spawnp
 *
 * (glibc's system() and popen() start /bin/sh, which is preloaded in turn).  A
 * file that is not x32 goes to the real function untouched.  Not covered: static
 * native programs (nothing is preloaded into them) and programs that make the
 * execve system call themselves (Go, raw syscall()).
 *
 * The tree is described by the environment x32-run --tree sets: X32_TREE_RUNNER
 * (the runner), X32_TREE_PRELOAD (this library), LD_PRELOAD.  A caller that hands
 * exec a smaller environment gets these put back, so the tree survives `env -i`
 * style resets of the environment.
 *
 * exec may be called in a vfork child or between fork and exec of a threaded
 * program, so the wrappers allocate nothing from malloc and take no locks: vectors
 * live on the stack, or in mmap'ed memory when large. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))
#define STACK_WORDS 512
#define VAR_MAX (PATH_MAX + 32)

typedef int (*execve_fn)(const char *, char *const[], char *const[]);
typedef int (*execvpe_fn)(const char *, char *const[], char *const[]);
typedef int (*execveat_fn)(int, const char *, char *const[], char *const[], int);
typedef int (*fexecve_fn)(int, char *const[], char *const[]);
typedef int (*spawn_fn)(pid_t *, const char *, const posix_spawn_file_actions_t *,
                        const posix_spawnattr_t *, char *const[], char *const[]);

static execve_fn real_execve;
static execvpe_fn real_execvpe;
static execveat_fn real_execveat;
static fexecve_fn real_fexecve;
static spawn_fn real_posix_spawn, real_posix_spawnp;

/* The tree, as "NAME=value" strings for environments that lost them. */
static char runner[PATH_MAX];
static char var_tree[] = "X32_TREE=preload";
static char var_runner[VAR_MAX], var_lib[VAR_MAX], var_preload[VAR_MAX];
static const char *lib;

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
    snprintf(var_preload, sizeof var_preload, "LD_PRELOAD=%s", l);
    lib = var_lib + strlen("X32_TREE_PRELOAD=");
}

/* ---- memory for vectors: stack when small, else mmap (async-signal-safe) ---- */

struct vec {
    char **v;
    size_t mapped; /* bytes to munmap, 0 when on the stack */
};

static int vec_get(struct vec *out, char **stack, size_t words)
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

static void vec_put(struct vec *v)
{
    if (v->mapped)
        munmap(v->v, v->mapped);
}

static size_t count(char *const *v)
{
    size_t n = 0;
    while (v && v[n])
        n++;
    return n;
}

/* ---- what a file is ---- */

static int is_x32_elf(const unsigned char *h, ssize_t n)
{
    return n >= 20 && h[0] == 0x7f && h[1] == 'E' && h[2] == 'L' && h[3] == 'F' && h[4] == 1 &&
           h[5] == 1 && h[18] == 0x3e && h[19] == 0 && (h[16] == 2 || h[16] == 3);
}

/* 1 when path is an x32 program, or a script whose "#!" interpreter is one. */
static int wants_runner(const char *path)
{
    unsigned char h[256];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    ssize_t n = read(fd, h, sizeof h - 1);
    close(fd);
    if (is_x32_elf(h, n))
        return 1;
    if (n < 3 || h[0] != '#' || h[1] != '!')
        return 0;
    h[n] = 0;
    char *p = (char *)h + 2;
    while (*p == ' ' || *p == '\t')
        p++;
    char *end = p;
    while (*end && *end != ' ' && *end != '\t' && *end != '\n')
        end++;
    *end = 0;
    if (*p != '/')
        return 0;
    fd = open(p, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    n = read(fd, h, 20);
    close(fd);
    return is_x32_elf(h, n);
}

/* ---- the tree's variables in the new program's environment ---- */

/* Builds in out->v the environment envp plus whatever tree variables it lacks;
 * prebuf holds a rebuilt LD_PRELOAD when the caller's lacks this library. */
static int tree_env(char *const *envp, struct vec *out, char **stack, char *prebuf, size_t cap)
{
    size_t n = count(envp);
    if (vec_get(out, stack, n + 5) != 0)
        return -1;
    int has_tree = 0, has_runner = 0, has_lib = 0, has_pre = 0;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        char *e = envp[i];
        if (strncmp(e, "X32_TREE=", 9) == 0)
            has_tree = 1;
        else if (strncmp(e, "X32_TREE_RUNNER=", 16) == 0)
            has_runner = 1;
        else if (strncmp(e, "X32_TREE_PRELOAD=", 17) == 0)
            has_lib = 1;
        else if (strncmp(e, "LD_PRELOAD=", 11) == 0 && !has_pre) {
            has_pre = 1;
            if (!strstr(e + 11, lib)) {
                int len = snprintf(prebuf, cap, "LD_PRELOAD=%s%s%s", lib, e[11] ? ":" : "", e + 11);
                if (len > 0 && (size_t)len < cap)
                    e = prebuf;
            }
        }
        out->v[k++] = e;
    }
    if (!has_tree)
        out->v[k++] = var_tree;
    if (!has_runner)
        out->v[k++] = var_runner;
    if (!has_lib)
        out->v[k++] = var_lib;
    if (!has_pre)
        out->v[k++] = var_preload;
    out->v[k] = 0;
    return 0;
}

/* runner --argv0 ARGV0 -- PATH ARGV[1..] */
static int runner_argv(const char *path, char *const *argv, struct vec *out, char **stack)
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

/* exec path (known to be there) through the runner when it is x32, else with the
 * real execve; either way with the tree's environment. */
static int exec_file(const char *path, char *const argv[], char *const envp[])
{
    char *env_stack[STACK_WORDS], *arg_stack[STACK_WORDS], prebuf[VAR_MAX + 4096];
    struct vec env, args;
    if (!lib || tree_env(envp, &env, env_stack, prebuf, sizeof prebuf) != 0)
        return real_execve(path, argv, envp);
    int r;
    if (wants_runner(path) && runner_argv(path, argv, &args, arg_stack) == 0) {
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

/* The file execvp would run: NAME with a slash as it is, else the first
 * executable regular file along PATH (glibc's default path when unset). */
static const char *search(const char *file, char *buf, size_t cap)
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
    if (found && wants_runner(found))
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

EXPORT int execl(const char *path, const char *arg, ...)
{
    char *stack[STACK_WORDS];
    struct vec v;
    va_list ap;
    va_start(ap, arg);
    COLLECT_ARGS(arg, ap, v, stack);
    va_end(ap);
    int r = exec_file(path, v.v, environ), e = errno;
    vec_put(&v);
    errno = e;
    return r;
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
    int r = exec_file(path, v.v, envp), e = errno;
    vec_put(&v);
    errno = e;
    return r;
}

EXPORT int execlp(const char *file, const char *arg, ...)
{
    char *stack[STACK_WORDS];
    struct vec v;
    va_list ap;
    va_start(ap, arg);
    COLLECT_ARGS(arg, ap, v, stack);
    va_end(ap);
    int r = execvpe(file, v.v, environ), e = errno;
    vec_put(&v);
    errno = e;
    return r;
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
    if (lib && wants_runner(name))
        return exec_file(name, argv, envp);
    if (real_execveat)
        return real_execveat(dirfd, path, argv, envp, flags);
    return (int)syscall(SYS_execveat, dirfd, path, argv, envp, flags);
}

EXPORT int fexecve(int fd, char *const argv[], char *const envp[])
{
    char name[64];
    snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
    if (lib && wants_runner(name)) {
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
    if (path && wants_runner(path) && runner_argv(path, argv, &args, arg_stack) == 0) {
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
