/* QEMU user mode's options, for OpenEmbedded's qemu-usermode role.  OE runs
 * "qemu-<arch> -r 5.15 -cpu Nehalem,check=false -L $D -E LD_LIBRARY_PATH=...
 * $D/usr/bin/prog args" (oe.qemu.qemu_wrapper_cmdline; libc-package puts -L/-E
 * first; postinst intercepts add their own -E), so each option may come in any
 * order before the program.  Parsing is here; what -L changes in path lookup is
 * in paths.c, the LD_PRELOAD filter in guest_preload.c. */
#include "syscalls/syscalls.h"
#include "front/qemu_options.h"
#include "front/guest_preload.h"
#include "base/util.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *rootfs_arg;   /* -L as given */
static char rootfs[PATH_MAX];    /* -L made absolute: the guest may chdir */
static const char *argv0;        /* -0 */
static const char *cpu;          /* -cpu: accepted, see qemu_options_finish */

/* -E and -U in command-line order: "VAR=VALUE" sets, "VAR" (from -U) unsets. */
static const char **env_ops;
static int env_op_count;

void qemu_options_usage(FILE *f)
{
    fprintf(f,
            "\n"
            "QEMU user mode's options, so x32-run can be OpenEmbedded's qemu-usermode:\n"
            "  -L ROOTFS      look the interpreter and every absolute path the program opens,\n"
            "                 stats, execs or readlinks up under ROOTFS first (not /proc,\n"
            "                 /dev, /sys); only x32 programs are run\n"
            "  -E VAR=VALUE   set VAR in the program's environment (repeatable)\n"
            "  -U VAR         remove VAR from it (repeatable)\n"
            "  -r RELEASE     the release uname reports\n"
            "  -cpu MODEL     accepted; the program runs on the host CPU\n"
            "  -0 ARGV0       the program's argv[0]\n");
}

static _Noreturn void usage_error(const char *opt, const char *what)
{
    fprintf(stderr, "x32-run: %s %s (QEMU-style options: -L ROOTFS -E VAR=VALUE -U VAR "
                    "-r RELEASE -cpu MODEL -0 ARGV0)\n", opt, what);
    exit(EXIT_QEMU_USAGE);
}

static int add_env_op(int argc, const char *word)
{
    if (!env_ops) {
        env_ops = calloc((size_t)argc, sizeof *env_ops);
        if (!env_ops) {
            fprintf(stderr, "x32-run: out of memory for -E/-U\n");
            exit(126);
        }
    }
    env_ops[env_op_count++] = word;
    return 1;
}

int qemu_option(int argc, char **argv, int *i)
{
    const char *a = argv[*i];
    static const char *const with_value[] = {"-L", "-E", "-U", "-r", "-cpu", "-0"};
    unsigned k = 0;
    for (; k < sizeof with_value / sizeof *with_value; k++)
        if (str_eq(a, with_value[k]))
            break;
    if (k == sizeof with_value / sizeof *with_value)
        return 0;
    if (*i + 1 >= argc)
        usage_error(a, "needs a value");
    const char *v = argv[++*i];
    if (str_eq(a, "-L")) {
        rootfs_arg = v;
    } else if (str_eq(a, "-E")) {
        const char *eq = strchr(v, '=');
        if (!eq || eq == v)
            usage_error("-E", "needs VAR=VALUE");
        return add_env_op(argc, v);
    } else if (str_eq(a, "-U")) {
        if (!*v || strchr(v, '='))
            usage_error("-U", "needs a variable name without '='");
        return add_env_op(argc, v);
    } else if (str_eq(a, "-r")) {
        uname_release_set(v);
    } else if (str_eq(a, "-cpu")) {
        cpu = v;
    } else {
        argv0 = v;
    }
    return 1;
}

/* A root file system has at least one of these; OE's -L targets (an image's $D,
 * a recipe sysroot, libc-package's locale tree) always have usr/ or a lib dir. */
static int looks_like_root(const char *dir)
{
    static const char *const parts[] = {"usr", "bin", "sbin", "lib", "libx32", "lib64", "etc"};
    char p[PATH_MAX + 16];
    struct stat st;
    for (unsigned k = 0; k < sizeof parts / sizeof *parts; k++) {
        snprintf(p, sizeof p, "%s/%s", dir, parts[k]);
        if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
            return 1;
    }
    return 0;
}

void qemu_options_finish(const char **sysroot_out, const char **argv0_out)
{
    /* -cpu names the CPU QEMU would emulate (OE: Nehalem or Skylake-Client with
     * check=false).  x32-run runs the code on the host CPU, so the model is only
     * recorded: a program built for more than the host has gets SIGILL, as it
     * would natively. */
    if (cpu)
        debug_log("-cpu %s: the program runs on the host CPU", cpu);
    if (argv0)
        *argv0_out = argv0;
    if (!rootfs_arg)
        return;
    struct stat st;
    if (stat(rootfs_arg, &st) != 0 || !S_ISDIR(st.st_mode) || !realpath(rootfs_arg, rootfs)) {
        fprintf(stderr, "x32-run: -L %s: no such directory (give the target root file "
                        "system, as OpenEmbedded's $D or recipe sysroot)\n", rootfs_arg);
        exit(EXIT_QEMU_BAD_ROOTFS);
    }
    if (!looks_like_root(rootfs)) {
        fprintf(stderr, "x32-run: -L %s: not a root file system (it has none of usr/, bin/, "
                        "lib/, libx32/, etc/)\n", rootfs_arg);
        exit(EXIT_QEMU_BAD_ROOTFS);
    }
    *sysroot_out = rootfs;
    paths_use_whole_root();
}

const char *qemu_rootfs(void) { return rootfs[0] ? rootfs : 0; }
/* Applies -E/-U to a copy of envp (the caller's array is left alone). */
static char **apply_env_ops(char **envp)
{
    if (!env_op_count)
        return envp;
    size_t n = 0;
    while (envp[n])
        n++;
    char **out = calloc(n + (size_t)env_op_count + 1, sizeof *out);
    if (!out) {
        fprintf(stderr, "x32-run: out of memory for the program's environment\n");
        exit(126);
    }
    memcpy(out, envp, n * sizeof *out);
    for (int k = 0; k < env_op_count; k++) {
        const char *op = env_ops[k];
        const char *eq = strchr(op, '=');
        size_t name_len = eq ? (size_t)(eq - op) : str_len(op);
        size_t w = 0;
        for (size_t r = 0; r < n; r++)
            if (!(mem_eq(out[r], op, name_len) && out[r][name_len] == '='))
                out[w++] = out[r];
        n = w;
        if (eq)
            out[n++] = (char *)op;
        out[n] = 0;
    }
    return out;
}

char **qemu_guest_env(char **envp)
{
    return filter_foreign_preload(apply_env_ops(envp));
}

