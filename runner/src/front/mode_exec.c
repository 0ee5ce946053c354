/* The modes that hand the program to a kernel by exec: native (this kernel
 * runs x32, or the file is not x32 at all) and vm (x32-vm runs it on a real
 * x32 kernel in QEMU). */
#include "base/self_path.h"
#include "front/cli.h"
#include "syscalls/syscalls.h"
#include "front/probe.h"
#include "base/util.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The folder x32-run is in (<bindir>): the SDK's sysroots are found from it. */
static void runner_dir(const char *runner_path, char *dir, size_t cap)
{
    str_copy(dir, cap, runner_path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
}

void default_sysroot(const char *runner_path, char *buf, size_t cap)
{
    const char *env = getenv("X32_SYSROOT");
    if (env && *env) {
        snprintf(buf, cap, "%s", env);
        return;
    }
    char dir[PATH_BUF - 64];
    runner_dir(runner_path, dir, sizeof dir);
    snprintf(buf, cap, "%s/../x86_64-linux-gnux32/sysroot", dir);
    struct stat st;
    if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode))
        snprintf(buf, cap, "/");
}

const char *chosen_sysroot(const struct options *o)
{
    static char root[PATH_BUF];
    if (!root[0]) {
        if (o->sysroot)
            snprintf(root, sizeof root, "%s", o->sysroot);
        else
            default_sysroot(runner_path() ? runner_path() : "", root, sizeof root);
    }
    return root;
}

/* A dynamic program of the SDK's optional musl toolchain asks for musl's loader,
 * /lib/ld-musl-x32.so.1, which hosts rarely have, and musl's loader looks for the
 * libraries in /lib and /usr/lib, not in glibc's /libx32.  So when nothing chose a root
 * (--sysroot, -L, X32_SYSROOT) and the host lacks that loader, the program runs with
 * <bindir>/../x86_64-linux-muslx32/sysroot as its whole root, as -L DIR would.
 * Returns 1 with the root in buf, else 0. */
int default_musl_root(const char *runner_path, const char *interp, char *buf, size_t cap)
{
    static const char musl_loader[] = "/lib/ld-musl-x32.so.1";
    const char *env = getenv("X32_SYSROOT");
    struct stat st;
    if (!str_eq(interp, musl_loader) || (env && *env) || stat(musl_loader, &st) == 0)
        return 0;
    char dir[PATH_BUF - 64];
    runner_dir(runner_path, dir, sizeof dir);
    snprintf(buf, cap, "%s/../x86_64-linux-muslx32/sysroot%s", dir, musl_loader);
    if (stat(buf, &st) != 0)
        return 0;
    snprintf(buf, cap, "%s/../x86_64-linux-muslx32/sysroot", dir);
    return 1;
}

/* Argument vectors are the runner's only heap allocations: a failure (a tiny
 * RLIMIT_AS, say) is one clear line and status 126, never a NULL write. */
char **alloc_argv(size_t entries)
{
    char **v = calloc(entries, sizeof *v);
    if (!v) {
        fprintf(stderr, "x32-run: out of memory for an argument vector of %zu entries "
                        "(raise the memory limit, ulimit -v)\n", entries);
        exit(126);
    }
    return v;
}

void exec_native(const char *path, const struct options *o, char **envp)
{
    char **argv = alloc_argv((size_t)o->nargs + 2);
    argv[0] = (char *)(o->argv0 ? o->argv0 : o->program);
    for (int i = 0; i < o->nargs; i++)
        argv[i + 1] = o->args[i];
    execve(path, argv, envp);
    fprintf(stderr, "x32-run: %s: cannot execute: %s%s\n", path, strerror(errno),
            errno == ENOEXEC ? " (this kernel cannot run it natively; try --mode user)" : "");
    exit(errno == ENOENT ? 127 : 126);
}

/* --mode vm: exec `x32-vm run --sysroot DIR [--argv0 NAME] -- PROGRAM ARGS...`, with
 * the sysroot x32-run itself would use.  Failing to start it is a failure of the VM
 * mode, so it exits 125 like x32-vm's own failures. */
_Noreturn void exec_vm(const struct options *o)
{
    char vm[PATH_BUF], root[PATH_BUF];
    if (!find_x32_vm(vm, sizeof vm)) {
        const char *env = getenv("X32_VM");
        if (env && *env)
            fprintf(stderr, "x32-run: --mode vm: X32_VM=%s is not an executable file "
                            "(point it at x32-vm, or unset it to use the x32-vm next to "
                            "x32-run; build it with ./build.sh vm)\n", env);
        else
            fprintf(stderr, "x32-run: --mode vm needs x32-vm next to x32-run (%s not found); "
                            "build it with ./build.sh vm\n", vm);
        exit(125);
    }
    snprintf(root, sizeof root, "%s", chosen_sysroot(o));
    char **argv = alloc_argv((size_t)o->nargs + 10);
    int k = 0;
    argv[k++] = "x32-vm";
    argv[k++] = "run";
    argv[k++] = "--sysroot";
    argv[k++] = root;
    if (o->argv0) {
        argv[k++] = "--argv0";
        argv[k++] = (char *)o->argv0;
    }
    argv[k++] = "--";
    argv[k++] = (char *)o->program;
    for (int i = 0; i < o->nargs; i++)
        argv[k++] = o->args[i];
    /* The guest sees this environment; an x32-run started in there must not try
     * to start a VM inside the VM: its kernel runs x32 natively. */
    const char *m = getenv("X32_RUN_MODE");
    if (m && str_eq(m, "vm"))
        setenv("X32_RUN_MODE", "native", 1);
    execv(vm, argv);
    fprintf(stderr, "x32-run: --mode vm: cannot execute %s: %s\n", vm, strerror(errno));
    exit(125);
}
