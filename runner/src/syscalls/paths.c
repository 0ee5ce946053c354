/* Paths the guest names: the sysroot (or -L root) lookup in front of the host's
 * files, /proc/self/exe as the guest program, and which /proc paths are the
 * process's own.  Raw calls only: it runs inside trapped calls. */
#include "procfs/procfs.h"
#include "syscalls/paths.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static char sysroot[PATH_BUF] = "/";
static char guest_exe[PATH_BUF];
static int whole_root; /* -L: every absolute path, not only the libraries */

void paths_init(const char *root, const char *exe)
{
    str_copy(sysroot, sizeof sysroot, root && *root ? root : "/");
    size_t n = str_len(sysroot);
    while (n > 1 && sysroot[n - 1] == '/')
        sysroot[--n] = 0;
    str_copy(guest_exe, sizeof guest_exe, exe);
}

void paths_use_whole_root(void) { whole_root = 1; }
int paths_whole_root(void) { return whole_root; }
const char *current_sysroot(void) { return sysroot; }
const char *guest_exe_path(void) { return guest_exe; }

/* The kernel's own trees are the host's even under -L: an OE rootfs made under
 * pseudo holds /dev/null and friends as empty regular files. */
static int is_kernel_tree(const char *p)
{
    static const char *const trees[] = {"/proc", "/dev", "/sys"};
    for (unsigned i = 0; i < 3; i++) {
        size_t n = str_len(trees[i]);
        if (str_starts(p, trees[i]) && (p[n] == 0 || p[n] == '/'))
            return 1;
    }
    return 0;
}

/* The root's other x32 library folder for path: ROOT/usr/libx32/X for /libx32/X, and
 * ROOT/libx32/X for /usr/libx32/X, when that file exists; else 0.  A merged-/usr root
 * may have only usr/libx32 (its /libx32 would be a symlink on a real system); and
 * glibc puts libc.so.6 and friends in /libx32 while ld.so, reading the host's
 * /etc/ld.so.cache, may ask for /usr/libx32/libc.so.6, where a host's libc6-x32 keeps
 * it.  Without the second, the host's libc, of another glibc version, was loaded
 * beside the root's ld.so (on Debian testing: "undefined symbol:
 * __tunable_is_initialized"). */
static const char *libx32_twin(const char *path, char *buf, size_t cap)
{
    const char *rest;
    if (str_starts(path, "/libx32/")) {
        if (str_copy(buf, cap, sysroot) >= cap || str_cat(buf, cap, "/usr") >= cap)
            return 0;
        rest = path;
    } else if (str_starts(path, "/usr/libx32/")) {
        if (str_copy(buf, cap, sysroot) >= cap)
            return 0;
        rest = path + 4;
    } else {
        return 0;
    }
    if (str_cat(buf, cap, rest) >= cap || raw_syscall4(SYS_faccessat, AT_FDCWD, buf, F_OK, 0) != 0)
        return 0;
    return buf;
}

/* -L, as QEMU's path(): ROOT/path when ROOT has that entry (a symlink counts,
 * even dangling, so readlink and lstat see the rootfs's own link), else the root's
 * other x32 library folder's (libx32_twin), else path. */
static const char *under_whole_root(const char *path, char *buf, size_t cap)
{
    struct stat st;
    if (is_kernel_tree(path) || str_copy(buf, cap, sysroot) >= cap ||
        str_cat(buf, cap, path) >= cap)
        return path;
    if (raw_syscall4(SYS_newfstatat, AT_FDCWD, buf, &st, AT_SYMLINK_NOFOLLOW) == 0)
        return buf;
    const char *twin = libx32_twin(path, buf, cap);
    return twin ? twin : path;
}

const char *redirect_interp(const char *path, char *buf, size_t cap)
{
    if (!whole_root || path[0] != '/')
        return redirect_path(path, buf, cap);
    if (str_copy(buf, cap, sysroot) >= cap || str_cat(buf, cap, path) >= cap)
        return path;
    return buf; /* only under ROOT: a missing one is an error, not the host's */
}

const char *redirect_path(const char *path, char *buf, size_t cap)
{
    if (is_proc_self_exe(path))
        return guest_exe;
    if (sysroot[1] == 0)
        return path;
    if (whole_root)
        return under_whole_root(path, buf, cap);
    if (!str_starts(path, "/libx32/") && !str_starts(path, "/usr/libx32/") &&
        !str_starts(path, "/lib/ld-linux-x32"))
        return path;
    if (str_copy(buf, cap, sysroot) >= cap || str_cat(buf, cap, path) >= cap)
        return path;
    if (raw_syscall4(SYS_faccessat, AT_FDCWD, buf, F_OK, 0) == 0)
        return buf;
    const char *twin = libx32_twin(path, buf, cap);
    return twin ? twin : path;
}
