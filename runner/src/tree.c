/* x32-run --tree -- CMD ARGS: CMD and everything it starts run x32 programs
 * through x32-run, without root and without changing anything outside the tree.
 *
 * binfmt (primary): a helper child creates a user namespace and a mount namespace,
 * mounts a private binfmt_misc instance (per user namespace since Linux 6.7) and
 * registers this runner for x32 ELF files; we join both namespaces.  A non-root
 * user is root in that first namespace (only its root may write "register"), so
 * a second, nested user namespace maps the user's own uid and gid back: the tree
 * sees the same ids, pids and network as the host, and files keep their owner.
 * binfmt_misc looks up the nearest instance up the namespace chain, so the nested
 * namespace (and nested trees) use the registration.
 *
 * preload (fallback): LD_PRELOAD names an exec-interposition library (runner/
 * preload/) that routes execve/execvp/posix_spawn... of x32 files to x32-run.
 * It cannot reach static native programs or raw execve system calls. */
#include "tree.h"
#include "elf_load.h"
#include "elf_parse.h"
#include "exec.h"
#include "paths.h"
#include "probe.h"
#include "util.h"
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#define BINFMT_DIR "/proc/sys/fs/binfmt_misc"
#define BINFMT_ENTRY "x32"
#define PRELOAD_NAME "x32-exec-preload.so"
#define DEFAULT_WITH "binfmt,preload"

extern int binfmt_rule(char *buf, size_t cap, const char *name, const char *interp);

static int self_path(char *buf, size_t cap)
{
    ssize_t n = readlink("/proc/self/exe", buf, cap - 1);
    if (n <= 0)
        return -1;
    buf[n] = 0;
    return 0;
}

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

static int write_id_maps(pid_t pid, int as_root, char *why, size_t cap)
{
    char path[64], map[64];
    int err;
    if (!as_root) {
        /* Without CAP_SETGID outside, a gid map needs setgroups denied. */
        snprintf(path, sizeof path, "/proc/%d/setgroups", (int)pid);
        write_file(path, "deny");
    }
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, i ? "gid_map" : "uid_map");
        if (as_root)
            snprintf(map, sizeof map, "0 0 4294967295\n"); /* every id as on the host */
        else
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
static int binfmt_tree_setup(const char *runner, char *why, size_t cap)
{
    uid_t uid = geteuid();
    gid_t gid = getegid();
    int as_root = uid == 0;
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
        if (write_id_maps(pid, as_root, why, cap) == 0 && write(down[1], "m", 1) == 1) {
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
    if (!as_root && map_back_to_user(uid, gid, why, cap) != 0)
        return -1;
    return 0;
}

/* The interposition library: $X32_RUN_PRELOAD, else PREFIX/lib/x32-sdk/ next to
 * an installed runner, else the runner's build directory. */
static int find_preload(const char *runner, char *buf, size_t cap)
{
    const char *env = getenv("X32_RUN_PRELOAD");
    if (env && *env) {
        snprintf(buf, cap, "%s", env);
        return access(buf, R_OK) == 0;
    }
    char dir[PATH_BUF - 64];
    snprintf(dir, sizeof dir, "%s", runner);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    snprintf(buf, cap, "%s/%s", dir, PRELOAD_NAME);
    if (access(buf, R_OK) == 0)
        return 1;
    snprintf(buf, cap, "%s/../lib/x32-sdk/%s", dir, PRELOAD_NAME);
    return access(buf, R_OK) == 0;
}

static int preload_tree_setup(const char *runner, char *why, size_t cap)
{
    char lib[PATH_BUF], real[PATH_BUF];
    if (!find_preload(runner, lib, sizeof lib)) {
        snprintf(why, cap, "the exec-interposition library %s is missing%s", lib,
                 getenv("X32_RUN_PRELOAD") && *getenv("X32_RUN_PRELOAD")
                     ? " (X32_RUN_PRELOAD)" : " (reinstall the runner: make -C runner install)");
        return -1;
    }
    if (realpath(lib, real))
        snprintf(lib, sizeof lib, "%s", real);
    unsigned char hdr[64];
    int fd = open(lib, O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, hdr, sizeof hdr) : -1;
    if (fd >= 0)
        close(fd);
    if (n < 20 || elf_classify(hdr, (size_t)n) != ELF_KIND_X86_64) {
        snprintf(why, cap, "%s is not an x86-64 shared library", lib);
        return -1;
    }
    const char *old = getenv("LD_PRELOAD");
    char *list = malloc(strlen(lib) + (old ? strlen(old) : 0) + 2);
    if (!list) {
        snprintf(why, cap, "out of memory");
        return -1;
    }
    if (old && strstr(old, lib))
        strcpy(list, old);
    else if (old && *old)
        sprintf(list, "%s:%s", lib, old);
    else
        strcpy(list, lib);
    setenv("X32_TREE_RUNNER", runner, 1);
    setenv("X32_TREE_PRELOAD", lib, 1);
    setenv("LD_PRELOAD", list, 1);
    free(list);
    return 0;
}

/* Is the file CMD names (after a PATH search) x32, or a script run by an x32
 * interpreter?  The preload tree's command is exec'd by x32-run, which the
 * library does not reach. */
static int is_x32_command(const char *path)
{
    unsigned char hdr[EXEC_HEADER_MAX];
    uint64_t size;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    long n = read_exec_header(fd, hdr, sizeof hdr, &size);
    close(fd);
    if (n <= 0)
        return 0;
    enum elf_kind k = elf_classify(hdr, (size_t)n);
    if (k == ELF_KIND_X32)
        return 1;
    char *interp, *arg;
    hdr[n < (long)sizeof hdr ? n : (long)sizeof hdr - 1] = 0;
    if (k != ELF_KIND_SCRIPT || parse_shebang((char *)hdr, n, &interp, &arg) != 0)
        return 0;
    fd = open(interp, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    n = read(fd, hdr, 64);
    close(fd);
    return n > 20 && elf_classify(hdr, (size_t)n) == ELF_KIND_X32;
}

static int is_exec(const char *p) { return access(p, X_OK) == 0; }

static int exec_command(const char *runner, const char *mech, char **cmd)
{
    if (str_eq(mech, "preload")) {
        char found[PATH_BUF];
        const char *path = cmd[0];
        if (!strchr(path, '/') && search_path(path, found, sizeof found, is_exec))
            path = found;
        if (is_x32_command(path)) {
            int n = 0;
            while (cmd[n])
                n++;
            char **argv = calloc((size_t)n + 6, sizeof *argv);
            int k = 0;
            argv[k++] = (char *)runner;
            argv[k++] = "--argv0";
            argv[k++] = cmd[0];
            argv[k++] = "--";
            argv[k++] = (char *)path;
            for (int i = 1; i < n; i++)
                argv[k++] = cmd[i];
            execv(runner, argv);
            fprintf(stderr, "x32-run --tree: cannot execute %s: %s\n", runner, strerror(errno));
            return 126;
        }
    }
    execvp(cmd[0], cmd);
    fprintf(stderr, "x32-run --tree: %s: %s\n", cmd[0], strerror(errno));
    return errno == ENOENT ? 127 : 126;
}

/* Already inside a tree that still works: nested trees reuse it. */
static const char *current_tree(void)
{
    const char *t = getenv("X32_TREE");
    if (t && str_eq(t, "1"))
        t = getenv("X32_TREE_ACTIVE"); /* the environment script's opt-in */
    if (!t)
        return 0;
    if (str_eq(t, "binfmt") && access(BINFMT_DIR "/" BINFMT_ENTRY, F_OK) == 0)
        return t;
    if (str_eq(t, "preload")) {
        const char *lib = getenv("X32_TREE_PRELOAD"), *pre = getenv("LD_PRELOAD");
        if (lib && pre && strstr(pre, lib) && access(lib, R_OK) == 0)
            return t;
    }
    if (str_eq(t, "kernel") && kernel_runs_x32())
        return t;
    return 0;
}

static int in_list(const char *list, const char *word)
{
    size_t w = strlen(word);
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ", ");
        if (len == w && strncmp(p, word, w) == 0)
            return 1;
        p += len;
        while (*p == ',' || *p == ' ')
            p++;
    }
    return 0;
}

static const char *tree_with(const char *with)
{
    if (with && *with)
        return with;
    const char *env = getenv("X32_RUN_TREE_WITH");
    return env && *env ? env : DEFAULT_WITH;
}

/* Tries the allowed mechanisms in order; returns the one set up, or NULL with
 * the reasons in why. */
static const char *choose(const char *runner, const char *with, int setup, char *why, size_t cap)
{
    static const char *const all[] = {"binfmt", "preload"};
    char one[PATH_BUF + 600];
    why[0] = 0;
    for (unsigned i = 0; i < 2; i++) {
        if (!in_list(with, all[i]))
            continue;
        int r;
        if (i == 0) {
            if (setup) {
                r = binfmt_tree_setup(runner, one, sizeof one);
            } else {
                /* --probe: the real thing, in a child that then exits. */
                int p[2];
                if (pipe(p) != 0)
                    return 0;
                pid_t pid = fork();
                if (pid == 0) {
                    close(p[0]);
                    r = binfmt_tree_setup(runner, one, sizeof one);
                    if (r && write(p[1], one, strlen(one)) < 0)
                        _exit(2);
                    _exit(r ? 1 : 0);
                }
                close(p[1]);
                ssize_t n = read(p[0], one, sizeof one - 1);
                one[n > 0 ? n : 0] = 0;
                close(p[0]);
                int st = 1;
                waitpid(pid, &st, 0);
                r = WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
            }
        } else {
            r = setup ? preload_tree_setup(runner, one, sizeof one) : 0;
            if (!setup) {
                char lib[PATH_BUF];
                if (!find_preload(runner, lib, sizeof lib)) {
                    snprintf(one, sizeof one, "the exec-interposition library %s is missing", lib);
                    r = -1;
                }
            }
        }
        if (r == 0)
            return all[i];
        size_t used = strlen(why);
        snprintf(why + used, cap - used, "%s%s: %s", used ? "; " : "", all[i], one);
    }
    if (!why[0])
        snprintf(why, cap, "no known mechanism in '%s' (binfmt, preload)", with);
    return 0;
}

int tree_main(const char *with, char **cmd)
{
    char runner[PATH_BUF], why[2 * PATH_BUF + 2000];
    if (!cmd || !cmd[0]) {
        fprintf(stderr, "usage: x32-run --tree[=binfmt|preload|LIST] -- COMMAND [ARGS...]\n");
        return 2;
    }
    if (self_path(runner, sizeof runner) != 0) {
        fprintf(stderr, "x32-run --tree: cannot find my own executable through /proc/self/exe\n");
        return 125;
    }
    int forced = (with && *with) || (getenv("X32_RUN_TREE_WITH") && *getenv("X32_RUN_TREE_WITH"));
    with = tree_with(with);
    const char *now = current_tree();
    if (now && (!forced || in_list(with, now)))
        return exec_command(runner, now, cmd);
    const char *mech = 0;
    if (!forced && kernel_runs_x32())
        mech = "kernel";
    else
        mech = choose(runner, with, 1, why, sizeof why);
    if (!mech) {
        fprintf(stderr, "x32-run --tree: x32 programs cannot start transparently here (%s); "
                        "run them as 'x32-run PROGRAM', or, as root, register x32-run "
                        "machine-wide with 'x32-run --register'\n", why);
        return 125;
    }
    setenv("X32_TREE", mech, 1);
    /* The same, for the environment script, whose opt-in is X32_TREE=1: a script that
     * restarts in the tree sets X32_TREE=1 again before sourcing it. */
    setenv("X32_TREE_ACTIVE", mech, 1);
    debug_log("tree: %s", mech);
    return exec_command(runner, mech, cmd);
}

void tree_print_probe(void)
{
    char runner[PATH_BUF], why[2 * PATH_BUF + 2000], lib[PATH_BUF];
    if (self_path(runner, sizeof runner) != 0)
        snprintf(runner, sizeof runner, "x32-run");
    const char *with = tree_with(0);
    const char *now = current_tree();
    if (now)
        printf("tree mode: inside a tree (X32_TREE=%s)\n", now);
    if (kernel_runs_x32() && !(getenv("X32_RUN_TREE_WITH") && *getenv("X32_RUN_TREE_WITH"))) {
        printf("tree mechanism: kernel (this kernel runs x32 programs itself; --tree just runs "
               "the command)\n");
        return;
    }
    const char *mech = choose(runner, with, 0, why, sizeof why);
    int has_lib = find_preload(runner, lib, sizeof lib);
    if (mech && str_eq(mech, "binfmt"))
        printf("tree mechanism: binfmt (x32-run --tree mounts binfmt_misc in a private user "
               "namespace; every exec of an x32 file runs x32-run)\n");
    else if (mech)
        printf("tree mechanism: preload (exec calls of dynamic native programs are routed "
               "to x32-run by %s; static programs and raw execve are not covered)%s%s\n",
               lib, why[0] ? "; not used: " : "", why);
    else
        printf("tree mechanism: none (%s; run x32 programs as 'x32-run PROGRAM', or, as root, "
               "'x32-run --register')\n", why);
    if (mech && str_eq(mech, "binfmt"))
        printf("tree fallback: preload %s (%s)\n", has_lib ? "available" : "unavailable", lib);
    if (!str_eq(with, DEFAULT_WITH))
        printf("tree mechanisms allowed: %s (X32_RUN_TREE_WITH)\n", with);
}
