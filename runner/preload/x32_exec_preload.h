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
 * live on the stack, or in mmap'ed memory when large.
 *
 * exec_wrappers.c holds the exported functions, tree_state.c the tree's
 * variables and the vectors built for the new program; whether a file is an
 * x32 target is runner/src/tree/x32_target.c, shared with x32-run --tree. */
#ifndef X32_EXEC_PRELOAD_H
#define X32_EXEC_PRELOAD_H

#include <limits.h>
#include <spawn.h>
#include <stddef.h>

#define EXPORT __attribute__((visibility("default")))
#define STACK_WORDS 512
#define VAR_MAX (PATH_MAX + 32)

typedef int (*execve_fn)(const char *, char *const[], char *const[]);
typedef int (*execvpe_fn)(const char *, char *const[], char *const[]);
typedef int (*execveat_fn)(int, const char *, char *const[], char *const[], int);
typedef int (*fexecve_fn)(int, char *const[], char *const[]);
typedef int (*spawn_fn)(pid_t *, const char *, const posix_spawn_file_actions_t *,
                        const posix_spawnattr_t *, char *const[], char *const[]);


/* tree_state.c: the real functions (RTLD_NEXT) and the tree, set up when the
 * library is loaded; lib is NULL outside a tree (a stray LD_PRELOAD). */
extern execve_fn real_execve;
extern execvpe_fn real_execvpe;
extern execveat_fn real_execveat;
extern fexecve_fn real_fexecve;
extern spawn_fn real_posix_spawn, real_posix_spawnp;
extern char runner[PATH_MAX];
extern const char *lib;

/* Memory for vectors: stack when small, else mmap (async-signal-safe). */
struct vec {
    char **v;
    size_t mapped; /* bytes to munmap, 0 when on the stack */
};
int vec_get(struct vec *out, char **stack, size_t words);
void vec_put(struct vec *v);
size_t count(char *const *v);

/* Builds in out->v the environment envp plus whatever tree variables it lacks;
 * prebuf holds a rebuilt LD_PRELOAD when the caller's lacks this library. */
int tree_env(char *const *envp, struct vec *out, char **stack, char *prebuf, size_t cap);
/* runner --argv0 ARGV0 -- PATH ARGV[1..] */
int runner_argv(const char *path, char *const *argv, struct vec *out, char **stack);
/* The file execvp would run: NAME with a slash as it is, else the first
 * executable regular file along PATH (glibc's default path when unset). */
const char *search(const char *file, char *buf, size_t cap);

#endif
