/* Starting one program for the host the way the host's x32-vm would have started it:
 * same argv, environment, cwd, ids, limits and signal state, in fresh namespaces, under
 * a shepherd process that reports its start and its end to the agent (agent_run.c). */
#define _GNU_SOURCE
#include "agent.h"
#include "guest.h"
#include "protocol.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* What the program's child side tells its shepherd through a close-on-exec pipe when
 * it cannot start the program: which step failed and errno.  Nothing arrives when
 * execve worked. */
struct start_failure {
    int step_is_exec; /* 0: chdir or a setup step, 1: execve itself */
    int err;
};

static _Noreturn void report_start_failure(int fd, int step_is_exec)
{
    struct start_failure f = {step_is_exec, errno};
    (void)!write(fd, &f, sizeof f);
    _exit(127);
}

/* Fresh namespaces for the run; mount events stay private to it. */
static int enter_run_namespaces(const char *hostname)
{
    if (unshare(CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS) != 0)
        return -1;
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
        return -1;
    if (mount("shm", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777") != 0)
        return -1;
    if (mount("devpts", "/dev/pts", "devpts", MS_NOSUID | MS_NOEXEC,
              "newinstance,ptmxmode=0666,mode=0620,gid=5") != 0)
        return -1;
    if (*hostname && sethostname(hostname, strlen(hostname)) != 0)
        return -1;
    return 0;
}

static int apply_credentials(const struct run_request *r)
{
    gid_t groups[RUN_MAX_GROUPS];
    for (uint32_t i = 0; i < r->ngroups; i++)
        groups[i] = r->groups[i];
    for (int i = 0; i < RUN_NUM_RLIMITS; i++) {
        struct rlimit rl = {r->rlimit_cur[i], r->rlimit_max[i]};
        if (setrlimit(run_rlimit_ids[i], &rl) != 0)
            return -1;
    }
    umask(r->umask);
    if (setgroups(r->ngroups, groups) != 0 || setgid(r->gid) != 0 || setuid(r->uid) != 0)
        return -1;
    return 0;
}

static void apply_signal_state(const struct run_request *r)
{
    sigset_t mask;
    sigemptyset(&mask);
    for (int sig = 1; sig < 65; sig++) {
        uint64_t bit = 1ull << (sig - 1);
        if (sig != SIGKILL && sig != SIGSTOP)
            signal(sig, (r->signals_ignored & bit) ? SIG_IGN : SIG_DFL);
        if (r->signals_blocked & bit)
            sigaddset(&mask, sig);
    }
    sigprocmask(SIG_SETMASK, &mask, NULL);
}

/* start_program: the child side of the fork; never returns. */
static _Noreturn void start_program(const struct run_request *r, int in, int out, int err,
                                    int report)
{
    setpgid(0, 0); /* a job of its own, as a shell would start it */
    if (enter_run_namespaces(r->hostname) != 0)
        report_start_failure(report, 0);
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
        report_start_failure(report, 0);
    if (report != 3 && (dup2(report, 3) < 0 || fcntl(3, F_SETFD, FD_CLOEXEC) != 0))
        report_start_failure(report, 0);
    close_range(4, ~0u, 0);
    if (apply_credentials(r) != 0)
        report_start_failure(3, 0);
    apply_signal_state(r);
    if (chdir(r->cwd) != 0)
        report_start_failure(3, 0);
    execve(r->path, r->argv, r->envp);
    report_start_failure(3, 1);
}

/* start_shepherd: the process between the agent and the program.  The kernel counts
 * a process group whose parent is PID 1 as orphaned, and then drops SIGTSTP, SIGTTIN
 * and SIGTTOU sent to it; under a shepherd in the same session, as under a shell, the
 * program's group is not orphaned.  The shepherd reports the program's end by pipe. */
_Noreturn void start_shepherd(const struct run_request *r, int in, int out, int err,
                                     int news)
{
    int report[2];
    struct shepherd_msg m = {NEWS_FAILED, 0, 0};
    setsid();
    if (pipe2(report, O_CLOEXEC) != 0) {
        m.value = errno;
        (void)!write(news, &m, sizeof m);
        _exit(1);
    }
    pid_t pid = fork();
    if (pid == 0)
        start_program(r, in, out, err, report[1]);
    close(report[1]);
    close(in);
    close(out);
    close(err);
    struct start_failure f;
    if (pid < 0 || read(report[0], &f, sizeof f) == (ssize_t)sizeof f) {
        m.value = pid < 0 ? errno : f.err;
        m.step_is_exec = pid < 0 ? 0 : f.step_is_exec;
        (void)!write(news, &m, sizeof m);
        _exit(1);
    }
    m = (struct shepherd_msg){NEWS_STARTED, pid, 0};
    (void)!write(news, &m, sizeof m);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            _exit(1);
    m = (struct shepherd_msg){NEWS_DONE, status, 0};
    (void)!write(news, &m, sizeof m);
    _exit(0);
}
