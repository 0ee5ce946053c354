/* x32-run: run x32 (ILP32 x86-64) programs on a kernel without
 * CONFIG_X86_X32_ABI.  This file chooses what to do with the program: the
 * probe, the mode (native, user, vm), what kind of file it is (an x32 ELF, a
 * native one, a script whose interpreter is x32); the command line is in
 * cli.c, the modes in mode_exec.c and start_guest.c.  See README.md for the
 * architecture. */
#include "front/cli.h"
#include "loader/loader.h"
#include "syscalls/syscalls.h"
#include "front/probe.h"
#include "host/host.h"
#include "front/qemu_options.h"
#include "tree/tree.h"
#include "front/evidence.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_executable(const char *p) { return access(p, X_OK) == 0; }

/* A name without a slash that is not in the current directory is looked up
 * in PATH, like a shell would. */
static const char *find_program(const char *name, char *buf, size_t cap)
{
    if (strchr(name, '/') || access(name, F_OK) == 0)
        return name;
    return search_path(name, buf, cap, is_executable) ? buf : name;
}

/* A script's interpreter, opened as user mode would load it: the sysroot or -L
 * root first for an absolute path.  It stays open for loading. */
struct interp_file {
    int fd;
    const char *path;
    char buf[PATH_BUF];
};

static long read_interp(void *ctx, const char *interp, unsigned char *buf, size_t cap)
{
    struct interp_file *in = ctx;
    uint64_t size;
    in->path = interp[0] == '/' ? redirect_path(interp, in->buf, sizeof in->buf) : interp;
    in->fd = open(in->path, O_RDONLY | O_CLOEXEC);
    return in->fd < 0 ? -1 : read_exec_header(in->fd, buf, cap, &size);
}

int main(int argc, char **argv, char **envp)
{
    struct options o = {0};
    const char *e;
    host_auxv_init(envp);
    if ((e = getenv("X32_RUN_DEBUG")) && *e && !str_eq(e, "0"))
        debug_enabled = 1;
    if ((e = getenv("X32_RUN_TRACE")) && *e && !str_eq(e, "0"))
        trace_enabled = 1;
    if (getauxval(AT_EXECFD) && argc >= 3) {
        /* binfmt_misc with flags POF: argv = runner, path, original argv0, args */
        close((int)getauxval(AT_EXECFD));
        o.program = argv[1];
        o.argv0 = argv[2];
        o.args = argv + 3;
        o.nargs = argc - 3;
        o.via_binfmt = 1;
    } else {
        parse_args(argc, argv, &o);
    }
    if (o.probe) {
        int r = print_probe(chosen_sysroot(&o));
        tree_print_probe();
        return r;
    }
    if (!o.mode)
        o.mode = getenv("X32_RUN_MODE");
    /* X32_RUN_GDB=PORT: for programs started by scripts.  Only this program
     * waits for gdb: the variable is not passed on to what it runs (unsetenv
     * edits the environment array envp points to). */
    const char *gdb_env = getenv("X32_RUN_GDB");
    if (!o.gdb && gdb_env && *gdb_env)
        o.gdb = gdb_env;
    if (gdb_env)
        unsetenv("X32_RUN_GDB");
    if (o.mode && *o.mode && !str_eq(o.mode, "native") && !str_eq(o.mode, "user") &&
        !str_eq(o.mode, "vm")) {
        fprintf(stderr, "x32-run: unknown mode '%s' (native, user or vm)\n", o.mode);
        return 2;
    }
    if (o.mode && str_eq(o.mode, "vm") && o.gdb) {
        fprintf(stderr, "x32-run: -g (the gdb stub) is user mode's; for gdb on the x32 "
                        "kernel run x32-vm run -- /usr/bin/gdb --args PROGRAM ARGS...\n");
        return 2;
    }
    if (o.mode && str_eq(o.mode, "vm")) {
        evidence_record(o.program, o.via_binfmt ? "binfmt" : "runner");
        environ = qemu_guest_env(tree_guest_env(environ));
        exec_vm(&o);
    }

    char found[PATH_BUF];
    const char *path = find_program(o.program, found, sizeof found);
    o.comm = path;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "x32-run: %s: %s\n", o.program, strerror(errno));
        return errno == ENOENT ? 127 : 126;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "x32-run: %s: is a directory\n", o.program);
        return 126;
    }
    unsigned char hdr[EXEC_HEADER_MAX];
    uint64_t size;
    long hn = read_exec_header(fd, hdr, sizeof hdr, &size);
    if (hn < 0) {
        fprintf(stderr, "x32-run: %s: cannot read: %s\n", path, strerror((int)-hn));
        return 126;
    }
    enum elf_kind kind = elf_classify(hdr, (size_t)hn);
    struct interp_file in = {.fd = -1};
    if (kind == ELF_KIND_SCRIPT) {
        /* A script whose interpreter is x32: the kernel cannot exec it, so
         * run the interpreter here with the argv the kernel would build. */
        char *interp, *iarg;
        hdr[hn < (long)sizeof hdr ? hn : (long)sizeof hdr - 1] = 0;
        if (script_has_x32_interp((char *)hdr, hn, &interp, &iarg, read_interp, &in)) {
            char **args = alloc_argv((size_t)o.nargs + 3);
            int k = 0;
            if (iarg)
                args[k++] = iarg;
            args[k++] = (char *)path;
            for (int i = 0; i < o.nargs; i++)
                args[k++] = o.args[i];
            o.argv0 = interp;
            o.program = interp;
            o.args = args;
            o.nargs = k;
            close(fd);
            fd = in.fd;
            path = in.path;
            kind = ELF_KIND_X32;
        } else if (in.fd >= 0) {
            close(in.fd);
        }
    }
    switch (kind) {
    case ELF_KIND_X32:
        break;
    case ELF_KIND_X86_64:
    case ELF_KIND_I386:
    case ELF_KIND_SCRIPT:
        if (qemu_rootfs()) {
            /* qemu-<arch> refuses what is not its architecture; so does -L here. */
            fprintf(stderr, "x32-run: %s: not an x32 program; with -L x32-run runs only x32 "
                            "programs, as qemu-<arch> runs only its own\n", path);
            return EXIT_QEMU_NOT_X32;
        }
        /* Not x32 itself: the kernel runs it (a script whose interpreter is
         * x32 comes back here through the kernel's binfmt_misc, or is run
         * by the guest-exec path inside the runner). */
        close(fd);
        exec_native(path, &o, envp);
        break;
    case ELF_KIND_OTHER_ELF:
        fprintf(stderr, "x32-run: %s: not an x86-64 or x32 ELF file\n", path);
        return 126;
    case ELF_KIND_NOT_ELF:
        fprintf(stderr, "x32-run: %s: not an ELF executable\n", path);
        return 126;
    }
    if (access(path, X_OK) != 0) {
        fprintf(stderr, "x32-run: %s: %s\n", path, strerror(errno));
        return 126;
    }

    evidence_record(path, o.via_binfmt ? "binfmt" : "runner");
    envp = qemu_guest_env(tree_guest_env(envp));
    int native = kernel_runs_x32();
    if (o.mode && *o.mode)
        native = str_eq(o.mode, "native");
    if (qemu_rootfs())
        native = 0; /* only user mode looks paths up under -L */
    if (o.via_binfmt)
        native = 0; /* exec'ing it again would come straight back here */
    if (o.gdb)
        native = 0; /* the gdb stub is user mode's */
    if (native) {
        close(fd);
        exec_native(path, &o, envp);
    }
    run_x32(path, fd, &o, envp);
    return 126;
}
