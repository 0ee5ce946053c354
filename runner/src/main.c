/* x32-run: run x32 (ILP32 x86-64) programs on a kernel without
 * CONFIG_X86_X32_ABI.  This file is the command line and the start-up
 * sequence; see README.md for the architecture. */
#include "address_space.h"
#include "elf_load.h"
#include "exec.h"
#include "initial_stack.h"
#include "paths.h"
#include "probe.h"
#include "raw_syscall.h"
#include "signals.h"
#include "thread_state.h"
#include "trap.h"
#include "tree.h"
#include "util.h"
#include "vdso.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/rseq.h>
#include <sys/stat.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#define X32RUN_VERSION "0.1.0"

struct options {
    const char *mode;    /* "native", "user", "vm" or NULL for automatic */
    const char *sysroot; /* NULL: next to the runner, else "/" */
    const char *argv0;
    const char *program;
    int nargs;           /* guest arguments after the program */
    int probe;           /* --probe: report and exit */
    const char *comm;    /* the file exec'd: its basename is the process name */
    char **args;
    int tree;            /* --tree: run a command in a tree (tree.c) */
    const char *tree_with;
    int via_binfmt;      /* the kernel handed us the program (binfmt_misc) */
};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: x32-run [--mode native|user|vm] [--sysroot DIR] [--argv0 NAME] PROGRAM [ARGS...]\n"
            "       x32-run --tree[=binfmt|preload] -- COMMAND [ARGS...]\n"
            "       x32-run --probe | --register | --unregister | --help | --version\n"
            "\n"
            "Runs an x32 (x86_64-linux-gnux32) program.  In user mode the program runs\n"
            "natively on the CPU while its system calls are trapped and translated, so no\n"
            "kernel x32 support is needed.\n"
            "\n"
            "  --mode M       native: let the kernel run it; user: emulate the x32 ABI;\n"
            "                 vm: run it on a real x32 kernel in QEMU (execs x32-vm, found\n"
            "                 next to x32-run or at $X32_VM).\n"
            "                 Default: native if the kernel runs x32, else user. (X32_RUN_MODE)\n"
            "  --sysroot DIR  take /libx32 and /usr/libx32 files from DIR when present there.\n"
            "                 Default: $X32_SYSROOT, else <bindir>/../x86_64-linux-gnux32/sysroot,\n"
            "                 else the host's own files.\n"
            "  --argv0 NAME   the program's argv[0] (default: PROGRAM)\n"
            "  --probe        show what this host supports and which mode would be used\n"
            "  --register     register with binfmt_misc so x32 programs run directly (root,\n"
            "                 machine-wide); --unregister removes the entry\n"
            "  --tree         run COMMAND so that every x32 program it or its descendants\n"
            "                 start runs under x32-run, without root (binfmt_misc in a user\n"
            "                 namespace, else an exec-interposition library; --probe says\n"
            "                 which).  --tree=preload forces one (X32_RUN_TREE_WITH).\n"
            "\n"
            "Environment: X32_RUN_DEBUG=1 names unsupported calls; X32_RUN_TRACE=1 prints\n"
            "every system call; X32_RUN_TRAP=seccomp uses the seccomp fallback instead of\n"
            "syscall user dispatch; X32_SYSROOT and X32_RUN_MODE as the options above.\n");
}

static void parse_args(int argc, char **argv, struct options *o)
{
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (str_eq(a, "--")) {
            i++;
            break;
        }
        if (a[0] != '-' || a[1] == 0)
            break;
        if (str_eq(a, "--help") || str_eq(a, "-h")) {
            usage(stdout);
            exit(0);
        } else if (str_eq(a, "--version")) {
            printf("x32-run %s\n", X32RUN_VERSION);
            exit(0);
        } else if (str_eq(a, "--probe")) {
            o->probe = 1;
        } else if (str_eq(a, "--tree") || str_starts(a, "--tree=")) {
            o->tree = 1;
            o->tree_with = a[6] ? a + 7 : 0;
        } else if (str_eq(a, "--register") || str_eq(a, "--unregister")) {
            extern int register_binfmt(void), unregister_binfmt(void);
            exit(a[2] == 'r' ? register_binfmt() : unregister_binfmt());
        } else if ((str_eq(a, "--mode") || str_eq(a, "--sysroot") || str_eq(a, "--argv0")) &&
                   i + 1 < argc) {
            const char *v = argv[++i];
            if (str_eq(a, "--mode"))
                o->mode = v;
            else if (str_eq(a, "--sysroot"))
                o->sysroot = v;
            else
                o->argv0 = v;
        } else if (str_starts(a, "--mode=")) {
            o->mode = a + 7;
        } else if (str_starts(a, "--sysroot=")) {
            o->sysroot = a + 10;
        } else if (str_starts(a, "--argv0=")) {
            o->argv0 = a + 8;
        } else {
            fprintf(stderr, "x32-run: unknown option '%s' (try --help)\n", a);
            exit(2);
        }
    }
    if (o->probe)
        return;
    if (o->tree)
        exit(tree_main(o->tree_with, argv + i));
    if (i >= argc) {
        usage(stderr);
        exit(2);
    }
    o->program = argv[i];
    o->args = argv + i + 1;
    o->nargs = argc - i - 1;
}

static int is_executable(const char *p) { return access(p, X_OK) == 0; }

/* A name without a slash that is not in the current directory is looked up
 * in PATH, like a shell would. */
static const char *find_program(const char *name, char *buf, size_t cap)
{
    if (strchr(name, '/') || access(name, F_OK) == 0)
        return name;
    return search_path(name, buf, cap, is_executable) ? buf : name;
}

static void default_sysroot(const char *runner_path, char *buf, size_t cap)
{
    const char *env = getenv("X32_SYSROOT");
    if (env && *env) {
        snprintf(buf, cap, "%s", env);
        return;
    }
    char dir[PATH_BUF - 64];
    str_copy(dir, sizeof dir, runner_path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    snprintf(buf, cap, "%s/../x86_64-linux-gnux32/sysroot", dir);
    struct stat st;
    if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode))
        snprintf(buf, cap, "/");
}

/* Argument vectors are the runner's only heap allocations: a failure (a tiny
 * RLIMIT_AS, say) is one clear line and status 126, never a NULL write. */
static char **alloc_argv(size_t entries)
{
    char **v = calloc(entries, sizeof *v);
    if (!v) {
        fprintf(stderr, "x32-run: out of memory for an argument vector of %zu entries "
                        "(raise the memory limit, ulimit -v)\n", entries);
        exit(126);
    }
    return v;
}

static void exec_native(const char *path, const struct options *o, char **envp)
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
static _Noreturn void exec_vm(const struct options *o)
{
    char vm[PATH_BUF], self[PATH_BUF], root[PATH_BUF];
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
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    self[n > 0 ? n : 0] = 0;
    if (o->sysroot)
        snprintf(root, sizeof root, "%s", o->sysroot);
    else
        default_sysroot(self, root, sizeof root);
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

/* glibc registered an rseq area for the runner's main thread; the kernel
 * allows one per thread, and the guest's glibc wants to register its own. */
static void unregister_runner_rseq(void)
{
    if (!__rseq_size)
        return;
    void *area = (char *)__builtin_thread_pointer() + __rseq_offset;
    const unsigned sizes[] = {__rseq_size, 32, 20};
    for (unsigned i = 0; i < 3; i++)
        if (raw_syscall4(SYS_rseq, area, sizes[i], 1 /*RSEQ_FLAG_UNREGISTER*/, 0x53053053) == 0)
            return;
}

static void run_x32(const char *path, int fd, const struct options *o, char **envp)
{
    char runner_path[PATH_BUF], sysroot[PATH_BUF], guest_abs[PATH_BUF], fdlink[64];
    ssize_t n = readlink("/proc/self/exe", runner_path, sizeof runner_path - 1);
    if (n <= 0)
        die(126, "cannot find my own executable through /proc/self/exe");
    runner_path[n] = 0;
    snprintf(fdlink, sizeof fdlink, "/proc/self/fd/%d", fd);
    n = readlink(fdlink, guest_abs, sizeof guest_abs - 1);
    if (n <= 0)
        snprintf(guest_abs, sizeof guest_abs, "%s", path);
    else
        guest_abs[n] = 0;
    if (o->sysroot)
        snprintf(sysroot, sizeof sysroot, "%s", o->sysroot);
    else
        default_sysroot(runner_path, sysroot, sizeof sysroot);
    paths_init(sysroot, guest_abs);
    exec_init(runner_path, !str_eq(current_sysroot(), "/"));
    debug_log("sysroot %s, program %s", current_sysroot(), guest_abs);

    address_space_init();
    struct thread_state *t = thread_alloc();
    if (!t)
        die(126, "cannot allocate the runner's thread state");
    signals_init(t);
    /* An exec'ing x32 parent may have passed a mask with SIGSYS in it; a
     * blocked dispatch SIGSYS would kill us, so that bit becomes virtual. */
    uint64_t live = 0, sigsys_bit = 1ULL << (SIGSYS - 1);
    raw_syscall4(SYS_rt_sigprocmask, SIG_BLOCK, 0, &live, 8);
    if (live & sigsys_bit) {
        t->sigsys_blocked = 1;
        raw_syscall4(SYS_rt_sigprocmask, SIG_UNBLOCK, &sigsys_bit, 0, 8);
    }
    map_guest_stack();

    struct loaded_elf exe;
    static struct loaded_elf interp;
    load_elf32(fd, path, pie_load_base(), &exe);
    close(fd);
    uint64_t entry = exe.entry, interp_base = 0;
    if (exe.interp[0]) {
        char buf[PATH_BUF];
        const char *ipath = redirect_path(exe.interp, buf, sizeof buf);
        int ifd = open(ipath, O_RDONLY | O_CLOEXEC);
        if (ifd < 0)
            die(127, "%s: cannot open its interpreter %s: %s (install an x32 libc or pass --sysroot)",
                path, exe.interp, strerror(errno));
        unsigned char hdr[64];
        uint64_t size;
        long hn = read_exec_header(ifd, hdr, sizeof hdr, &size);
        if (hn < 0 || elf_classify(hdr, (size_t)hn) != ELF_KIND_X32)
            die(126, "%s: interpreter %s is not an x32 ELF file", path, ipath);
        load_elf32(ifd, ipath, 0, &interp);
        close(ifd);
        entry = interp.entry;
        interp_base = interp.bias;
    }
    if (!exe.phdr)
        die(126, "%s: program headers are not in a loaded segment", path);
    if (exe.exec_stack)
        make_guest_stack_executable();
    /* ps, top and /proc/self/comm show the program, not the runner: as the kernel
     * does, the base name of the file exec'd (a script's own name), not argv[0]. */
    const char *cpath = o->comm ? o->comm : path;
    const char *base = strrchr(cpath, '/');
    prctl(PR_SET_NAME, base ? base + 1 : cpath, 0, 0, 0);

    struct auxv_info ai = {
        .phdr = exe.phdr, .phnum = exe.phnum, .entry = exe.entry,
        .interp_base = interp_base, .vdso_base = map_vdso_shim(), .execfn = path,
    };
    guest_brk_init(exe.end);
    int gargc = o->nargs + 1;
    char **gargv = alloc_argv((size_t)gargc + 1);
    gargv[0] = (char *)(o->argv0 ? o->argv0 : o->program);
    for (int i = 0; i < o->nargs; i++)
        gargv[i + 1] = o->args[i];
    uint64_t sp = build_initial_stack(gargc, gargv, envp, &ai);

    unregister_runner_rseq();
    thread_install_altstack(t);
    t->tid = (int)raw_syscall0(SYS_gettid);
    t->tgid = (int)raw_syscall0(SYS_getpid);
    install_sigsys_handler();
    /* SUD, unless it is missing or X32_RUN_TRAP=seccomp asks for the fallback. */
    const char *want = getenv("X32_RUN_TRAP");
    long r = -1;
    if (!want || !str_eq(want, "seccomp"))
        r = enable_syscall_dispatch();
    if (r) {
        trap_mechanism = TRAP_SECCOMP;
        r = install_seccomp_trap();
        debug_log("trapping with seccomp RET_TRAP");
    }
    if (r)
        die(126, "neither syscall user dispatch nor seccomp is available (error %ld): "
                 "this kernel cannot run x32 programs in user mode (see x32-run --probe)", -r);
    enter_guest(entry, sp);
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
        char self[PATH_BUF], root[PATH_BUF];
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        self[n > 0 ? n : 0] = 0;
        if (o.sysroot)
            snprintf(root, sizeof root, "%s", o.sysroot);
        else
            default_sysroot(self, root, sizeof root);
        int r = print_probe(root);
        tree_print_probe();
        return r;
    }
    if (!o.mode)
        o.mode = getenv("X32_RUN_MODE");
    if (o.mode && *o.mode && !str_eq(o.mode, "native") && !str_eq(o.mode, "user") &&
        !str_eq(o.mode, "vm")) {
        fprintf(stderr, "x32-run: unknown mode '%s' (native, user or vm)\n", o.mode);
        return 2;
    }
    if (o.mode && str_eq(o.mode, "vm")) {
        evidence_record(o.program, o.via_binfmt ? "binfmt" : "runner");
        environ = tree_guest_env(environ);
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
    if (kind == ELF_KIND_SCRIPT) {
        /* A script whose interpreter is x32: the kernel cannot exec it, so
         * run the interpreter here with the argv the kernel would build. */
        char *interp, *iarg;
        hdr[hn < (long)sizeof hdr ? hn : (long)sizeof hdr - 1] = 0;
        if (parse_shebang((char *)hdr, hn, &interp, &iarg) == 0) {
            char ibuf[PATH_BUF];
            const char *ipath = interp[0] == '/' ? redirect_path(interp, ibuf, sizeof ibuf) : interp;
            int ifd = open(ipath, O_RDONLY | O_CLOEXEC);
            unsigned char ih[64];
            uint64_t isz;
            if (ifd >= 0 && read_exec_header(ifd, ih, sizeof ih, &isz) > 20 &&
                elf_classify(ih, sizeof ih) == ELF_KIND_X32) {
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
                fd = ifd;
                path = ipath;
                kind = ELF_KIND_X32;
            } else if (ifd >= 0) {
                close(ifd);
            }
        }
    }
    switch (kind) {
    case ELF_KIND_X32:
        break;
    case ELF_KIND_X86_64:
    case ELF_KIND_I386:
    case ELF_KIND_SCRIPT:
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
    envp = tree_guest_env(envp);
    int native = kernel_runs_x32();
    if (o.mode && *o.mode)
        native = str_eq(o.mode, "native");
    if (o.via_binfmt)
        native = 0; /* exec'ing it again would come straight back here */
    if (native) {
        close(fd);
        exec_native(path, &o, envp);
    }
    run_x32(path, fd, &o, envp);
    return 126;
}
