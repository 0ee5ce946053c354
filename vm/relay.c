/* One program's run, host side: describe our process to the agent so the program
 * starts as if we had exec'd it, then relay stdin, stdout, stderr and signals until
 * the EXIT frame, and end the way the program ended. */
#define _GNU_SOURCE
#include "host.h"
#include "protocol.h"
#include "run_request.h"
#include "wire.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

extern char **environ;

/* Signals a user or a supervisor sends to a running program: forwarded to it. */
static const int forwarded_signals[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1,
                                        SIGUSR2, SIGALRM, SIGWINCH, SIGCONT};
static int signal_pipe[2] = {-1, -1};

static void on_forwarded_signal(int sig)
{
    unsigned char b = (unsigned char)sig;
    int saved = errno;
    (void)!write(signal_pipe[1], &b, 1);
    errno = saved;
}

static int same_file(int a, int b)
{
    struct stat sa, sb;
    return fstat(a, &sa) == 0 && fstat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

static int is_dev_null(int fd)
{
    struct stat st;
    return fstat(fd, &st) == 0 && S_ISCHR(st.st_mode) && major(st.st_rdev) == 1 &&
           minor(st.st_rdev) == 3;
}

/* describe_self R PATH ARGV: our own state, which the program would have inherited. */
static void describe_self(struct run_request *r, const char *path, char **argv, char *cwd,
                          size_t cwd_cap, char *host, size_t host_cap)
{
    memset(r, 0, sizeof *r);
    if (fcntl(0, F_GETFD) < 0 || is_dev_null(0))
        r->flags |= RUN_STDIN_NULL;
    /* One file behind both (2>&1): one pipe keeps the interleaving exact. */
    if (same_file(1, 2))
        r->flags |= RUN_MERGE_STDERR;
    r->uid = getuid();
    r->gid = getgid();
    mode_t m = umask(022);
    umask(m);
    r->umask = m;
    gid_t groups[RUN_MAX_GROUPS];
    int ng = getgroups(RUN_MAX_GROUPS, groups);
    r->ngroups = ng > 0 ? (uint32_t)ng : 0;
    for (uint32_t i = 0; i < r->ngroups; i++)
        r->groups[i] = groups[i];
    for (int i = 0; i < RUN_NUM_RLIMITS; i++) {
        struct rlimit rl;
        getrlimit(run_rlimit_ids[i], &rl);
        r->rlimit_cur[i] = rl.rlim_cur;
        r->rlimit_max[i] = rl.rlim_max;
    }
    sigset_t blocked;
    sigprocmask(SIG_BLOCK, NULL, &blocked);
    for (int sig = 1; sig < 65; sig++) {
        struct sigaction sa;
        if (sigaction(sig, NULL, &sa) == 0 && sa.sa_handler == SIG_IGN)
            r->signals_ignored |= 1ull << (sig - 1);
        if (sigismember(&blocked, sig) == 1)
            r->signals_blocked |= 1ull << (sig - 1);
    }
    if (!getcwd(cwd, cwd_cap))
        fail("cannot tell the current directory: %s", strerror(errno));
    if (gethostname(host, host_cap) != 0)
        host[0] = 0;
    r->cwd = cwd;
    r->path = path;
    r->hostname = host;
    r->argv = argv;
    r->envp = environ;
}

static void install_forwarding(uint64_t ignored)
{
    if (pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0)
        fail("pipe: %s", strerror(errno));
    for (size_t i = 0; i < sizeof forwarded_signals / sizeof *forwarded_signals; i++) {
        int sig = forwarded_signals[i];
        if (ignored & (1ull << (sig - 1)))
            continue; /* ignored by whoever started us: the program ignores it too */
        struct sigaction sa = {.sa_handler = on_forwarded_signal, .sa_flags = SA_RESTART};
        sigaction(sig, &sa, NULL);
    }
    /* A closed stdout must show as EPIPE here, to be reported to the program. */
    signal(SIGPIPE, SIG_IGN);
}

/* die_like SIG: end this process by the program's signal; 128+SIG if it cannot kill
 * us (a signal whose default is to be ignored, or a stop signal). */
static _Noreturn void die_like(int sig)
{
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none); /* the program's core, if any, was the guest's */
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    exit(128 + sig);
}

struct relay_state {
    int sock;
    int stdin_open;      /* still reading our stdin */
    uint32_t in_flight;  /* stdin bytes sent, not yet acknowledged */
    int out_closed[3];   /* our fd 1 or 2 can no longer be written */
};

static void forward_output(struct relay_state *s, int fd, const unsigned char *p, uint32_t n)
{
    if (s->out_closed[fd])
        return;
    if (write_all(fd, p, n) != 0) {
        /* The reader of our stdout is gone: the program must find out on its next
         * write, as it would have without us in between. */
        s->out_closed[fd] = 1;
        send_frame_u32(s->sock, FRAME_CLOSED, (uint32_t)fd);
    }
}

static void send_stdin(struct relay_state *s)
{
    unsigned char buf[16384];
    ssize_t n = read(0, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        s->stdin_open = 0;
        send_frame(s->sock, FRAME_STDIN_EOF, NULL, 0);
        return;
    }
    s->in_flight += (uint32_t)n;
    if (send_frame(s->sock, FRAME_STDIN, buf, (uint32_t)n) != 0)
        fail("lost the VM while sending stdin");
}

/* handle_agent_frame: 1 when the EXIT frame came (and we are done), else 0. */
static int handle_agent_frame(struct relay_state *s, const char *path, int *status)
{
    uint32_t type, len, v[3] = {0, 0, 0};
    unsigned char *p;
    if (recv_frame(s->sock, &type, &p, &len) != 1)
        fail("lost the VM while %s was running (see the session's console.log)", path);
    switch (type) {
    case FRAME_STDOUT:
        forward_output(s, 1, p, len);
        break;
    case FRAME_STDERR:
        forward_output(s, 2, p, len);
        break;
    case FRAME_STDIN_ACK:
        memcpy(v, p, len >= 4 ? 4 : 0);
        s->in_flight -= v[0] < s->in_flight ? v[0] : s->in_flight;
        break;
    case FRAME_EXIT:
        memcpy(v, p, len >= sizeof v ? sizeof v : 0);
        free(p);
        if (v[0] == EXIT_SIGNAL)
            die_like((int)v[1]);
        if (v[0] == EXIT_EXEC_FAILED) {
            errno = (int)v[1];
            /* The codes a shell uses: 127 not found, 126 found but not runnable. */
            if (v[2])
                fprintf(stderr, "x32-vm: %s: cannot execute: %s\n", path, strerror(errno));
            else
                fprintf(stderr, "x32-vm: %s: cannot start it in the VM: %s\n", path,
                        strerror(errno));
            *status = errno == ENOENT ? 127 : 126;
            return 1;
        }
        *status = (int)v[1];
        return 1;
    default:
        break;
    }
    free(p);
    return 0;
}

int relay_run(int sock, const char *path, char **argv)
{
    struct run_request r;
    char cwd[PATH_MAX], host[256];
    describe_self(&r, path, argv, cwd, sizeof cwd, host, sizeof host);
    install_forwarding(r.signals_ignored);
    uint32_t len;
    unsigned char *req = encode_run_request(&r, &len);
    if (!req)
        fail("the arguments and environment are too large to send (over %u bytes)",
             FRAME_MAX);
    if (send_frame(sock, FRAME_RUN, req, len) != 0)
        fail("cannot send the program to the VM: %s", strerror(errno));
    free(req);

    struct relay_state s = {.sock = sock, .stdin_open = !(r.flags & RUN_STDIN_NULL)};
    for (;;) {
        int want_stdin = s.stdin_open && s.in_flight < STDIN_WINDOW - 16384;
        struct pollfd p[3] = {
            {.fd = sock, .events = POLLIN},
            {.fd = want_stdin ? 0 : -1, .events = POLLIN},
            {.fd = signal_pipe[0], .events = POLLIN},
        };
        if (poll(p, 3, -1) < 0) {
            if (errno == EINTR)
                continue;
            fail("poll: %s", strerror(errno));
        }
        if (p[2].revents) {
            unsigned char sig;
            while (read(signal_pipe[0], &sig, 1) == 1)
                send_frame_u32(sock, FRAME_SIGNAL, sig);
        }
        if (p[1].revents)
            send_stdin(&s);
        if (p[0].revents) {
            int status;
            if (handle_agent_frame(&s, path, &status))
                return status;
        }
    }
}
