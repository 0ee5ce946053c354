/* execve/execveat from the guest.  An x32 target (or a "#!" script whose
 * interpreter is x32) re-executes the runner, since the kernel cannot load
 * it; anything else is a plain execve, and SUD is cleared by the exec. */
#include "loader/loader.h"
#include "syscalls/emulation.h"
#include "base/guest_mem.h"
#include "syscalls/execve.h"
#include "core/core.h"
#include "syscalls/native_env.h"
#include "syscalls/paths.h"
#include "syscalls/uname_release.h"
#include "base/raw_syscall.h"
#include "signals/signals.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_EXEC_ARGS 65536

static char runner[PATH_BUF];
static int with_sysroot;

void exec_init(const char *runner_path, int pass_sysroot)
{
    str_copy(runner, sizeof runner, runner_path);
    with_sysroot = pass_sysroot;
}

/* execve of the runner itself, by path, else through /proc/self/exe: after the guest
 * chroots (glibc's test-container, build sandboxes) the path is gone, but the magic
 * link still names the runner's binary when the new root has /proc.  No descriptor is
 * kept for this: guests list, check and close their descriptors. */
static long exec_runner(char **argv, char **envp)
{
    long r = raw_syscall3(SYS_execve, runner, argv, envp);
    if (r != -ENOENT)
        return r;
    return raw_syscall3(SYS_execve, "/proc/self/exe", argv, envp);
}

/* The options that keep an x32 child in this one's world: its sysroot, or under
 * -L its whole root and -r release (-E/-U are already in the environment). */
static int runner_root_options(char **nargv, int k)
{
    if (with_sysroot) {
        nargv[k++] = paths_whole_root() ? "-L" : "--sysroot";
        nargv[k++] = (char *)current_sysroot();
    }
    if (uname_release()) {
        nargv[k++] = "-r";
        nargv[k++] = (char *)uname_release();
    }
    return k;
}

static void append_decimal(char *buf, size_t cap, long v)
{
    char num[24];
    str_from_long(num, sizeof num, v);
    str_cat(buf, cap, num);
}

static int str_ends(const char *s, const char *suffix)
{
    size_t a = str_len(s), b = str_len(suffix);
    return a >= b && str_eq(s + a - b, suffix);
}

/* Like the kernel's count(): the entries are read again by widen_vector (the
 * kernel's copy_strings reads them again too), but only as many as counted. */
static long count_vector(uint64_t vec)
{
    if (!vec)
        return 0;
    long n = 0;
    for (;;) {
        uint32_t p;
        copy_from_guest(&p, vec + (uint64_t)n * 4, 4);
        if (!p)
            return n;
        if (++n >= MAX_EXEC_ARGS)
            return -E2BIG;
    }
}

/* n guest u32 pointers at vec, widened into out; each entry read once. */
static void widen_vector(char **out, uint64_t vec, long n)
{
    uint32_t chunk[64];
    for (long done = 0; done < n;) {
        long k = n - done < 64 ? n - done : 64;
        copy_from_guest(chunk, vec + (uint64_t)done * 4, (size_t)k * 4);
        for (long i = 0; i < k; i++)
            out[done + i] = (char *)(uintptr_t)chunk[i];
        done += k;
    }
}

/* The guest's path, copied once (the kernel's getname): every check and the
 * exec itself then see the same name.  Reads never cross into a page past
 * the terminating NUL. */
static long copy_guest_string(char *dst, size_t cap, uint64_t src)
{
    size_t n = 0;
    while (n < cap) {
        size_t chunk = 4096 - ((src + n) & 4095);
        if (chunk > cap - n)
            chunk = cap - n;
        copy_from_guest(dst + n, src + n, chunk);
        for (size_t i = 0; i < chunk; i++)
            if (!dst[n + i])
                return 0;
        n += chunk;
    }
    return -ENAMETOOLONG;
}

/* Reads the first bytes of `path` to decide how to exec it. */
static enum elf_kind probe_file(const char *path, unsigned char *hdr, size_t cap, long *len)
{
    long fd = raw_syscall4(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC, 0);
    if (raw_failed(fd)) {
        *len = fd;
        return ELF_KIND_NOT_ELF;
    }
    struct stat st;
    if (raw_syscall2(SYS_fstat, fd, &st) == 0 && !S_ISREG(st.st_mode)) {
        raw_syscall1(SYS_close, fd);
        *len = -EACCES; /* the kernel only executes regular files */
        return ELF_KIND_NOT_ELF;
    }
    long n = raw_syscall4(SYS_pread64, fd, hdr, cap - 1, 0);
    raw_syscall1(SYS_close, fd);
    *len = n;
    if (n < 0)
        return ELF_KIND_NOT_ELF;
    hdr[n] = 0;
    return elf_classify(hdr, (size_t)n);
}

/* A script's interpreter, looked up as its exec would: the sysroot or -L root
 * first for an absolute path.  The path used goes to ctx (PATH_BUF bytes). */
static long read_interp(void *ctx, const char *interp, unsigned char *buf, size_t cap)
{
    char *ipath = ctx;
    const char *p = interp[0] == '/' ? redirect_path(interp, ipath, PATH_BUF) : interp;
    if (p != ipath)
        str_copy(ipath, PATH_BUF, p);
    long n;
    probe_file(ipath, buf, cap, &n);
    return n;
}

/* The new runner's command line up to the program: runner --mode=user --argv0
 * ARGV0 [--sysroot|-L DIR] [-r RELEASE] --execfn NAME -- PROGRAM (at most 12 words; the new
 * program stays in user mode, whatever X32_RUN_MODE says).  Returns its length. */
static int runner_prefix(char **v, const char *argv0, const char *execfn, const char *program)
{
    int k = 0;
    v[k++] = runner;
    v[k++] = "--mode=user";
    v[k++] = "--argv0";
    v[k++] = (char *)argv0;
    k = runner_root_options(v, k);
    v[k++] = "--execfn";
    v[k++] = (char *)execfn;
    v[k++] = "--";
    v[k++] = (char *)program;
    return k;
}

long emulate_execve(struct thread_state *t, ucontext_t *uc, long dirfd, uint64_t path_p,
                    uint64_t argv_p, uint64_t envp_p, long flags)
{
    char name[PATH_BUF], pathbuf[PATH_BUF], redirected[PATH_BUF];
    if (!path_p)
        return -EFAULT;
    long r = copy_guest_string(name, sizeof name, path_p);
    if (r)
        return r;
    if (flags & ~(long)(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))
        return -EINVAL;
    const char *gpath = name;
    /* An empty name is an error unless AT_EMPTY_PATH says "the descriptor itself"
     * (the kernel answers ENOENT before looking at the descriptor). */
    if (gpath[0] == 0 && !(flags & AT_EMPTY_PATH))
        return -ENOENT;
    /* The name the kernel gives the new program (bprm->filename: AT_EXECFN,
     * its process name, a script's argument): the path as given, or for a
     * name relative to a descriptor "/dev/fd/N[/name]", which a script's
     * interpreter can open only while N stays open (else ENOENT). */
    int fd_relative = gpath[0] != '/' && dirfd != AT_FDCWD;
    char kname[PATH_BUF];
    int kname_usable = 1;
    str_copy(kname, sizeof kname, gpath);
    if (fd_relative) {
        str_copy(kname, sizeof kname, "/dev/fd/");
        append_decimal(kname, sizeof kname, dirfd);
        if (gpath[0]) {
            str_cat(kname, sizeof kname, "/");
            str_cat(kname, sizeof kname, gpath);
        }
        long fdflags = raw_syscall2(SYS_fcntl, dirfd, F_GETFD);
        kname_usable = !raw_failed(fdflags) && !(fdflags & FD_CLOEXEC);
    }
    if (flags & AT_SYMLINK_NOFOLLOW) {
        struct stat st;
        long sr = raw_syscall4(SYS_newfstatat, fd_relative ? dirfd : AT_FDCWD, gpath, &st,
                               AT_SYMLINK_NOFOLLOW | (flags & AT_EMPTY_PATH));
        if (sr == 0 && S_ISLNK(st.st_mode))
            return -ELOOP;
    }
    /* execveat: turn (dirfd, path) into a path the runner can reopen after
     * the exec, when an O_CLOEXEC descriptor is gone: the file's own name
     * through /proc/self/fd, or else a descriptor that survives the exec. */
    long keep = -1; /* a descriptor kept open for the new runner, if any */
    if (fd_relative) {
        if (dirfd < 0)
            return -EBADF;
        char link[64];
        str_copy(link, sizeof link, "/proc/self/fd/");
        append_decimal(link, sizeof link, dirfd);
        long n = raw_syscall3(SYS_readlink, link, pathbuf, sizeof pathbuf - 1);
        if (n > 0 && pathbuf[0] == '/' && (pathbuf[n] = 0, !str_ends(pathbuf, " (deleted)"))) {
            /* a real name */
        } else {
            keep = raw_syscall3(SYS_fcntl, dirfd, F_DUPFD, 3);
            if (raw_failed(keep))
                return keep;
            str_copy(pathbuf, sizeof pathbuf, "/proc/self/fd/");
            append_decimal(pathbuf, sizeof pathbuf, keep);
        }
        if (!(gpath[0] == 0 && (flags & AT_EMPTY_PATH))) {
            str_cat(pathbuf, sizeof pathbuf, "/");
            str_cat(pathbuf, sizeof pathbuf, gpath);
        }
        gpath = pathbuf;
    }
    const char *path = gpath[0] == '/' ? redirect_path(gpath, redirected, sizeof redirected)
                                       : gpath;

    long argc = count_vector(argv_p), envc = count_vector(envp_p);
    if (argc < 0 || envc < 0)
        return -E2BIG;
    unsigned char hdr[256];
    long hlen;
    enum elf_kind kind = probe_file(path, hdr, sizeof hdr, &hlen);
    if (hlen < 0)
        return hlen;
    r = raw_syscall4(SYS_faccessat, AT_FDCWD, path, X_OK, 0);
    if (r)
        return r;

    /* Room for the runner's own prefix (up to 14 words) plus both vectors, and two
     * more environment entries (the tree's and -L's preload for native targets):
     * on the altstack when small, else from the arena (leaked if the exec
     * fails; a lock would stay held in a vfork parent after the child's exec). */
    size_t words = (size_t)argc + (size_t)envc + 20;
    char *small[4096];
    char **vec = words <= 4096 ? small : runner_alloc(words * sizeof(char *), 4096);
    if (!vec)
        return -ENOMEM;
    char **nargv = vec, **nenvp = vec + argc + 16;
    widen_vector(nenvp, envp_p, envc);
    nenvp[envc] = 0;

    const char *exec_path = path;
    int k = 0;
    char *interp = 0, *interp_arg = 0;
    char *argv0 = (char *)path;
    if (argc)
        widen_vector(&argv0, argv_p, 1);
    int first_guest_arg = 1; /* guest argv[0] is replaced by --argv0 */
    char ipath[PATH_BUF];
    if (kind == ELF_KIND_SCRIPT &&
        script_has_x32_interp((char *)hdr, hlen, &interp, &interp_arg, read_interp, ipath)) {
        /* The kernel's binfmt_script refuses a script it could only
         * name through a descriptor that the exec closes. */
        if (!kname_usable)
            return -ENOENT;
        /* Run the x32 interpreter under the runner, with the argv the
         * kernel would have built: interp [arg] script args... */
        k = runner_prefix(nargv, interp, kname, ipath);
        if (interp_arg)
            nargv[k++] = interp_arg;
        nargv[k++] = fd_relative ? kname : (char *)gpath;
        exec_path = runner;
        goto copy_args;
    } else if (kind == ELF_KIND_X32) {
        k = runner_prefix(nargv, argv0, kname, path);
        exec_path = runner;
        goto copy_args;
    }
    first_guest_arg = 0; /* native target: the guest's argv as it is */
copy_args:
    if (argc > first_guest_arg) {
        widen_vector(nargv + k, argv_p + (uint64_t)first_guest_arg * 4, argc - first_guest_arg);
        k += (int)(argc - first_guest_arg);
    }
    nargv[k] = 0;
    /* x32-run --tree with the preload library: native programs get it back. */
    char preload_env[PATH_BUF], native_preload[PATH_BUF];
    if (exec_path != runner) {
        give_back_stashed_preload(nenvp, native_preload, sizeof native_preload);
        give_back_tree_preload(nenvp, preload_env, sizeof preload_env);
    }

    /* The trap handler runs with SIGSYS blocked and the mask survives exec:
     * give the new program the guest's mask instead. */
    uint64_t old;
    set_host_mask(guest_mask_of(t, uc), &old);
    if (exec_path == runner)
        r = exec_runner(nargv, nenvp);
    else if (fd_relative) { /* the kernel names it and judges a script's descriptor */
        if (keep >= 0)
            raw_syscall1(SYS_close, keep);
        keep = -1;
        r = raw_syscall5(SYS_execveat, dirfd, name, nargv, nenvp, flags);
    }
    else
        r = raw_syscall3(SYS_execve, exec_path, nargv, nenvp);
    set_host_mask(old, 0);
    return r;
}
