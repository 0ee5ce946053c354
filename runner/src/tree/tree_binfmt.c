/* x32-run --tree's primary mechanism: a private binfmt_misc.
 *
 * A helper child creates a user namespace and a mount namespace, mounts a
 * private binfmt_misc instance (per user namespace since Linux 6.7) and
 * registers this runner for x32 ELF files; we join both namespaces.  A privileged
 * root maps every id of its namespace onto itself, which changes no ids.  Anyone
 * else can map only their own uid and gid: they are root in that first namespace
 * (only its root may write "register"), and a second, nested user namespace maps
 * their own uid and gid back, so the tree keeps their ids, pids and network, but
 * every other id reads as the overflow id (tree_ids.c; tree.c prefers preload).
 * binfmt_misc looks up the nearest instance up the namespace chain, so the nested
 * namespace (and nested trees) use the registration. */
#include "host/host.h"
#include "tree/tree_mechanisms.h"
#include "syscalls/syscalls.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>


static int write_file(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    ssize_t n = write(fd, text, strlen(text));
    int err = n < 0 ? -errno : 0;
    close(fd);
    return err;
}

/* The helper child: new user + mount namespace, then (after the parent wrote its
 * id maps) the private binfmt_misc and the registration.  It reports "u" after
 * unsharing, "k" when registered, or "E<message>", then waits for EOF. */
static _Noreturn void binfmt_helper(int rd, int wr, const char *runner)
{
    char msg[600], rule[4500], c;
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0) {
        snprintf(msg, sizeof msg, "Ecannot create a user namespace (%s%s)", strerror(errno),
                 errno == EPERM || errno == ENOSPC
                     ? ": unprivileged user namespaces are off or restricted here" : "");
        goto report;
    }
    if (write(wr, "u", 1) != 1 || read(rd, &c, 1) != 1 || c != 'm')
        _exit(1);
    if (mount("binfmt_misc", BINFMT_DIR, "binfmt_misc", MS_NOSUID | MS_NODEV | MS_NOEXEC, 0)) {
        struct utsname u;
        uname(&u);
        snprintf(msg, sizeof msg, "Ecannot mount binfmt_misc in a user namespace (%s; "
                 "needs Linux 6.7 or newer, this is %s)", strerror(errno), u.release);
        goto report;
    }
    if (binfmt_rule(rule, sizeof rule, BINFMT_ENTRY, runner) < 0) {
        snprintf(msg, sizeof msg, "Ethe runner's path is too long for binfmt_misc");
        goto report;
    }
    int err = write_file(BINFMT_DIR "/register", rule);
    if (err) {
        snprintf(msg, sizeof msg, "Ecannot register x32 with the private binfmt_misc (%s)",
                 strerror(-err));
        goto report;
    }
    if (write(wr, "k", 1) != 1)
        _exit(1);
    /* Keep the namespaces alive until the parent has joined them. */
    while (read(rd, &c, 1) > 0)
        ;
    _exit(0);
report:
    if (write(wr, msg, strlen(msg)) < 0)
        _exit(1);
    _exit(1);
}

static int write_id_maps(pid_t pid, int keeps_ids, char *why, size_t cap)
{
    char path[64], map[4096];
    int err;
    if (!keeps_ids) {
        /* Without CAP_SETGID outside, a gid map needs setgroups denied. */
        snprintf(path, sizeof path, "/proc/%d/setgroups", (int)pid);
        write_file(path, "deny");
    }
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, i ? "gid_map" : "uid_map");
        if (keeps_ids) {
            /* Every id this namespace has, as itself ("0 0 4294967295" on a host;
             * a container's own ranges in one). */
            if (identity_id_map(i ? "gid_map" : "uid_map", map, sizeof map) != 0) {
                snprintf(why, cap, "cannot read /proc/self/%s", i ? "gid_map" : "uid_map");
                return -1;
            }
        } else
            snprintf(map, sizeof map, "0 %u 1\n", i ? (unsigned)getegid() : (unsigned)geteuid());
        if ((err = write_file(path, map))) {
            snprintf(why, cap, "cannot write %s (%s)", path, strerror(-err));
            return -1;
        }
    }
    return 0;
}

/* Maps the user's own ids back in a nested user namespace: inside it the tree
 * has the host's uid and gid and no capabilities after its next exec. */
static int map_back_to_user(uid_t uid, gid_t gid, char *why, size_t cap)
{
    char map[64];
    int err;
    if (unshare(CLONE_NEWUSER) != 0) {
        snprintf(why, cap, "cannot create the nested user namespace (%s)", strerror(errno));
        return -1;
    }
    write_file("/proc/self/setgroups", "deny");
    snprintf(map, sizeof map, "%u 0 1\n", (unsigned)uid);
    if ((err = write_file("/proc/self/uid_map", map)) == 0) {
        snprintf(map, sizeof map, "%u 0 1\n", (unsigned)gid);
        err = write_file("/proc/self/gid_map", map);
    }
    if (err) {
        snprintf(why, cap, "cannot map uid %u/gid %u back (%s)", (unsigned)uid, (unsigned)gid,
                 strerror(-err));
        return -1;
    }
    return 0;
}

/* Sets up the binfmt tree for this process.  On failure nothing about this
 * process has changed (all the failure-prone steps happen in the helper child),
 * except in the unlikely failure of the final uid mapping. */
int binfmt_tree_setup(const char *runner, char *why, size_t cap)
{
    uid_t uid = geteuid();
    gid_t gid = getegid();
    int keeps_ids = binfmt_keeps_ids();
    int down[2], up[2];
    if (pipe2(down, O_CLOEXEC) || pipe2(up, O_CLOEXEC)) {
        snprintf(why, cap, "pipe: %s", strerror(errno));
        return -1;
    }
    /* A helper that dies must not take us with it through SIGPIPE. */
    struct sigaction ign = {.sa_handler = SIG_IGN}, old_pipe;
    sigaction(SIGPIPE, &ign, &old_pipe);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(why, cap, "fork: %s", strerror(errno));
        sigaction(SIGPIPE, &old_pipe, 0);
        return -1;
    }
    if (pid == 0) {
        close(down[1]);
        close(up[0]);
        binfmt_helper(down[0], up[1], runner);
    }
    close(down[0]);
    close(up[1]);
    char msg[600];
    int ok = 0;
    why[0] = 0;
    ssize_t n = read(up[0], msg, 1);
    if (n == 1 && msg[0] == 'u') {
        if (write_id_maps(pid, keeps_ids, why, cap) == 0 && write(down[1], "m", 1) == 1) {
            n = read(up[0], msg, 1);
            ok = n == 1 && msg[0] == 'k';
        }
    }
    if (!ok && !why[0]) {
        if (n == 1 && msg[0] == 'E') {
            n = read(up[0], msg, sizeof msg - 1);
            msg[n > 0 ? n : 0] = 0;
            snprintf(why, cap, "%s", msg);
        } else {
            snprintf(why, cap, "the namespace helper failed");
        }
    }
    char cwd[PATH_BUF];
    int cwd_ok = getcwd(cwd, sizeof cwd) != 0;
    if (ok) {
        char path[64];
        int ufd, mfd;
        snprintf(path, sizeof path, "/proc/%d/ns/user", (int)pid);
        ufd = open(path, O_RDONLY | O_CLOEXEC);
        snprintf(path, sizeof path, "/proc/%d/ns/mnt", (int)pid);
        mfd = open(path, O_RDONLY | O_CLOEXEC);
        if (ufd < 0 || mfd < 0 || setns(ufd, CLONE_NEWUSER) || setns(mfd, CLONE_NEWNS)) {
            snprintf(why, cap, "cannot join the new namespaces (%s)", strerror(errno));
            ok = 0;
        }
        if (ufd >= 0)
            close(ufd);
        if (mfd >= 0)
            close(mfd);
    }
    close(down[1]);
    close(up[0]);
    waitpid(pid, 0, 0);
    sigaction(SIGPIPE, &old_pipe, 0);
    if (!ok)
        return -1;
    /* setns(CLONE_NEWNS) moved us to the new namespace's root: the same path
     * names the same directory there. */
    if (cwd_ok && chdir(cwd) != 0)
        debug_log("tree: cannot re-enter %s: %s", cwd, strerror(errno));
    if (!keeps_ids && map_back_to_user(uid, gid, why, cap) != 0)
        return -1;
    return 0;
}
