/* x32-run --tree -- CMD ARGS: CMD and everything it starts run x32 programs
 * through x32-run, without root and without changing anything outside the tree.
 *
 * binfmt (tree_binfmt.c): binfmt_misc mounted in a private user namespace,
 * with x32-run registered in it.  preload (tree_preload.c): an
 * exec-interposition library in LD_PRELOAD.  The one that changes no ids for
 * this user comes first (tree_ids.c).  This file chooses between them, runs the
 * command, and answers --probe. */
#include "base/self_path.h"
#include "tree/tree.h"
#include "syscalls/syscalls.h"
#include "host/host.h"
#include "tree/tree_mechanisms.h"
#include "base/util.h"
#include "tree/x32_target.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define DEFAULT_WITH "binfmt,preload"

static int self_path(char *buf, size_t cap)
{
    const char *self = runner_path();
    if (!self || (size_t)snprintf(buf, cap, "%s", self) >= cap)
        return -1;
    return 0;
}

static int is_exec(const char *p) { return access(p, X_OK) == 0; }

static int exec_command(const char *runner, const char *mech, char **cmd)
{
    if (str_eq(mech, "preload")) {
        char found[PATH_BUF];
        const char *path = cmd[0];
        if (!strchr(path, '/') && search_path(path, found, sizeof found, is_exec))
            path = found;
        /* The command itself is exec'd by x32-run, which the library does not
         * reach: an x32 one goes through the runner here. */
        if (wants_x32_runner(path)) {
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

/* The mechanism that changes no ids first (issue 35): binfmt's user namespace maps
 * every id onto itself only for a privileged root (tree_ids.c); for anyone else it
 * would show other owners as 65534 and turn EPERM into EINVAL, which preload,
 * having no namespace, never does. */
static const char *default_with(void)
{
    return binfmt_keeps_ids() ? "binfmt,preload" : "preload,binfmt";
}

static int forced_with(const char *with)
{
    const char *env = getenv("X32_RUN_TREE_WITH");
    return (with && *with) || (env && *env);
}

static const char *tree_with(const char *with)
{
    if (with && *with)
        return with;
    const char *env = getenv("X32_RUN_TREE_WITH");
    return env && *env ? env : default_with();
}

/* --probe's binfmt: the real set-up, in a child that then exits. */
static int probe_binfmt(const char *runner, char *why, size_t cap)
{
    int p[2];
    if (pipe(p) != 0) {
        snprintf(why, cap, "pipe: %s", strerror(errno));
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        int r = binfmt_tree_setup(runner, why, cap);
        if (r && write(p[1], why, strlen(why)) < 0)
            _exit(2);
        _exit(r ? 1 : 0);
    }
    close(p[1]);
    ssize_t n = pid > 0 ? read(p[0], why, cap - 1) : -1;
    why[n > 0 ? n : 0] = 0;
    close(p[0]);
    int st = 1;
    if (pid > 0)
        waitpid(pid, &st, 0);
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* Sets mechanism `name` up for this process (setup), or only checks that it would
 * work: 0, or -1 with the reason in why. */
static int try_mechanism(const char *name, const char *runner, int setup, char *why, size_t cap)
{
    if (str_eq(name, "binfmt"))
        return setup ? binfmt_tree_setup(runner, why, cap) : probe_binfmt(runner, why, cap);
    if (setup)
        return preload_tree_setup(runner, why, cap);
    char lib[PATH_BUF];
    if (find_preload(runner, lib, sizeof lib))
        return 0;
    snprintf(why, cap, "the exec-interposition library %s is missing", lib);
    return -1;
}

/* Tries the mechanisms of `with`, in its order; returns the one set up, or NULL
 * with the reasons in why.  *next points after the chosen one in `with`. */
static const char *choose(const char *runner, const char *with, int setup, char *why,
                          size_t cap, const char **next)
{
    static const char *const all[] = {"binfmt", "preload"};
    char one[PATH_BUF + 600];
    why[0] = 0;
    for (const char *p = with; *p;) {
        size_t len = strcspn(p, ", ");
        const char *word = 0;
        for (unsigned i = 0; i < 2; i++)
            if (len == strlen(all[i]) && strncmp(p, all[i], len) == 0)
                word = all[i];
        p += len;
        while (*p == ',' || *p == ' ')
            p++;
        if (!word)
            continue;
        if (try_mechanism(word, runner, setup, one, sizeof one) == 0) {
            if (next)
                *next = p;
            return word;
        }
        size_t used = strlen(why);
        snprintf(why + used, cap - used, "%s%s: %s", used ? "; " : "", word, one);
    }
    if (!why[0])
        snprintf(why, cap, "no known mechanism in '%s' (binfmt, preload)", with);
    return 0;
}

/* A binfmt tree that changes ids is never silent (issue 35): one line on stderr
 * when it is set up, forced or as the fallback. */
static void announce_binfmt(int forced, const char *changes, const char *why)
{
    if (forced)
        fprintf(stderr, "x32-run --tree: binfmt, as asked, changes %s; --tree=preload changes "
                        "none\n", changes);
    else
        fprintf(stderr, "x32-run --tree: binfmt (%s) changes %s\n", why, changes);
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
    int forced = forced_with(with);
    with = tree_with(with);
    const char *now = current_tree();
    if (now && (!forced || in_list(with, now)))
        return exec_command(runner, now, cmd);
    const char *mech = 0;
    /* Before the set-up: inside binfmt's namespaces anyone looks privileged. */
    int changes_ids = !binfmt_keeps_ids();
    char changes[600];
    if (changes_ids)
        binfmt_changes(changes, sizeof changes);
    if (!forced && kernel_runs_x32())
        mech = "kernel";
    else
        mech = choose(runner, with, 1, why, sizeof why, 0);
    if (!mech) {
        fprintf(stderr, "x32-run --tree: x32 programs cannot start transparently here (%s); "
                        "run them as 'x32-run PROGRAM', or, as root, register x32-run "
                        "machine-wide with 'x32-run --register'\n", why);
        return 125;
    }
    if (str_eq(mech, "binfmt") && changes_ids)
        announce_binfmt(forced, changes, why);
    setenv("X32_TREE", mech, 1);
    /* The same, for the environment script, whose opt-in is X32_TREE=1: a script that
     * restarts in the tree sets X32_TREE=1 again before sourcing it. */
    setenv("X32_TREE_ACTIVE", mech, 1);
    debug_log("tree: %s", mech);
    return exec_command(runner, mech, cmd);
}

/* --probe's "tree order:" line: why this order. */
static void print_order(const char *with)
{
    if (forced_with(0)) {
        printf("tree order: %s (X32_RUN_TREE_WITH)\n", with);
    } else if (binfmt_keeps_ids()) {
        printf("tree order: %s (as root with CAP_SETUID and CAP_SETGID, binfmt's user "
               "namespace maps every id onto itself)\n", with);
    } else {
        printf("tree order: %s (as uid %u, binfmt's user namespace could map only uid %u "
               "and gid %u; preload changes no ids; X32_RUN_TREE_WITH=binfmt forces binfmt)\n",
               with, (unsigned)geteuid(), (unsigned)geteuid(), (unsigned)getegid());
    }
}

static void print_changes(const char *prefix, const char *mech)
{
    char text[600];
    if (str_eq(mech, "binfmt"))
        binfmt_changes(text, sizeof text);
    else
        snprintf(text, sizeof text, "no ids and no privileges (no namespace); but x32 "
                 "programs that static native programs or raw execve calls start do not run");
    printf("%s%s\n", prefix, text);
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
    if (kernel_runs_x32() && !forced_with(0)) {
        printf("tree mechanism: kernel (this kernel runs x32 programs itself; --tree just runs "
               "the command)\n");
        printf("tree changes: nothing (no namespace, no library)\n");
        return;
    }
    const char *rest = "";
    const char *mech = choose(runner, with, 0, why, sizeof why, &rest);
    find_preload(runner, lib, sizeof lib);
    if (mech && str_eq(mech, "binfmt"))
        printf("tree mechanism: binfmt (x32-run --tree mounts binfmt_misc in a private user "
               "namespace; every exec of an x32 file runs x32-run)%s%s\n",
               why[0] ? "; not used: " : "", why);
    else if (mech)
        printf("tree mechanism: preload (exec calls of dynamic native programs are routed "
               "to x32-run by %s; static programs and raw execve are not covered)%s%s\n",
               lib, why[0] ? "; not used: " : "", why);
    else
        printf("tree mechanism: none (%s; run x32 programs as 'x32-run PROGRAM', or, as root, "
               "'x32-run --register')\n", why);
    print_order(with);
    if (!mech)
        return;
    print_changes("tree changes: ", mech);
    /* The mechanisms after the chosen one, which a failing set-up would fall back to. */
    const char *after = choose(runner, rest, 0, why, sizeof why, 0);
    if (after && str_eq(after, "binfmt"))
        print_changes("tree fallback: binfmt available; it would change ", after);
    else if (after)
        printf("tree fallback: preload available (%s)\n", lib);
    else if (*rest && !strstr(why, "no known mechanism"))
        printf("tree fallback: unavailable (%s)\n", why);
}
