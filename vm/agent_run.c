/* Running one program for the host: start it (agent_start.c), relay its stdio and
 * signals, and report how it ended.  Afterwards nothing it started survives: the agent, PID 1,
 * kills every other process and reaps them, and the namespaces made for the run die
 * with them (its /dev/shm, System V IPC objects, devpts, hostname). */
#define _GNU_SOURCE
#include "agent.h"
#include "guest.h"
#include "protocol.h"
#include "run_request.h"
#include "wire.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* One stdio stream of the program seen from the agent. */
struct relay {
    int fd;             /* our end of the pipe, -1 once closed */
    uint32_t frame;     /* FRAME_STDOUT or FRAME_STDERR; unused for stdin */
};

struct run_state {
    int port;
    pid_t pid;              /* the program, for forwarded signals */
    int news;               /* the shepherd's pipe, -1 once it said DONE */
    int exited;             /* the program has ended */
    int status;             /* its wait status */
    struct relay out, err, in;
    unsigned char *stdin_buf; /* received from the host, not yet in the pipe */
    size_t stdin_len;
    int stdin_eof;          /* the host's stdin ended: close the pipe once drained */
    int host_gone;
};

static void read_news(struct run_state *s)
{
    struct shepherd_msg m;
    if (read_all(s->news, &m, sizeof m) != 1 || m.news != NEWS_DONE) {
        /* The shepherd died without a word: only a kill does that. */
        m.value = SIGKILL;
    }
    s->exited = 1;
    s->status = m.value;
    close(s->news);
    s->news = -1;
}

/* Kill everything but ourselves (kill(-1) from PID 1 spares PID 1) and wait for all of
 * it, so pipes reach end of file and the next run starts from a clean guest. */
static void kill_everything(void)
{
    int status;
    pid_t p;
    kill(-1, SIGKILL);
    while ((p = waitpid(-1, &status, 0)) > 0 || (p < 0 && errno == EINTR)) {
    }
}

static void close_relay(struct relay *r)
{
    if (r->fd >= 0)
        close(r->fd);
    r->fd = -1;
}

/* relay_output S R: move what the program wrote into frames; at end of file the pipe
 * is closed.  A failed port write means the host is gone. */
static void relay_output(struct run_state *s, struct relay *r)
{
    static unsigned char buf[FRAME_DATA_MAX];
    ssize_t n = read(r->fd, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        close_relay(r);
        return;
    }
    if (send_frame(s->port, r->frame, buf, (uint32_t)n) != 0)
        s->host_gone = 1;
}

static void feed_stdin(struct run_state *s)
{
    if (s->stdin_len > 0) {
        ssize_t n = write(s->in.fd, s->stdin_buf, s->stdin_len);
        if (n < 0 && errno == EAGAIN)
            return;
        /* A program that closed its stdin drops the rest, as a pipe reader would. */
        size_t done = n < 0 ? s->stdin_len : (size_t)n;
        memmove(s->stdin_buf, s->stdin_buf + done, s->stdin_len - done);
        s->stdin_len -= done;
        if (send_frame_u32(s->port, FRAME_STDIN_ACK, (uint32_t)done) != 0)
            s->host_gone = 1;
        if (n < 0)
            s->stdin_eof = 1;
    }
    if (s->stdin_len == 0 && s->stdin_eof)
        close_relay(&s->in);
}

/* handle_host_frame S: STDIN, STDIN_EOF, SIGNAL or CLOSED from the host. */
static void handle_host_frame(struct run_state *s)
{
    uint32_t type, len;
    unsigned char *p;
    if (recv_frame(s->port, &type, &p, &len) <= 0) {
        s->host_gone = 1;
        return;
    }
    uint32_t arg = 0;
    if (len >= 4)
        memcpy(&arg, p, 4);
    switch (type) {
    case FRAME_STDIN:
        if (s->in.fd < 0 || s->stdin_len + len > STDIN_WINDOW) {
            /* Nobody will read it (or the host broke the window): acknowledge and drop. */
            if (send_frame_u32(s->port, FRAME_STDIN_ACK, len) != 0)
                s->host_gone = 1;
            break;
        }
        memcpy(s->stdin_buf + s->stdin_len, p, len);
        s->stdin_len += len;
        break;
    case FRAME_STDIN_EOF:
        s->stdin_eof = 1;
        break;
    case FRAME_SIGNAL:
        if (!s->exited && arg > 0 && arg < 65)
            kill(s->pid, (int)arg);
        break;
    case FRAME_CLOSED:
        /* The host's reader is gone: the program's next write must fail the same way. */
        if (arg == 1)
            close_relay(&s->out);
        else if (arg == 2)
            close_relay(&s->err);
        break;
    case FRAME_POWEROFF:
        kill_everything();
        leave_vm("asked to power off");
    default:
        break;
    }
    free(p);
    if (s->in.fd >= 0)
        feed_stdin(s);
}

/* pump S SIGFD: relay until the program has exited and its output is drained. */
static void pump(struct run_state *s)
{
    int killed_rest = 0;
    while (!s->host_gone) {
        if (s->exited && !killed_rest) {
            /* Background processes would hold the pipes open forever. */
            kill_everything();
            killed_rest = 1;
        }
        if (s->exited && s->out.fd < 0 && s->err.fd < 0)
            return;
        struct pollfd p[5] = {
            {.fd = s->port, .events = POLLIN},
            {.fd = s->out.fd, .events = POLLIN},
            {.fd = s->err.fd, .events = POLLIN},
            {.fd = s->stdin_len > 0 ? s->in.fd : -1, .events = POLLOUT},
            {.fd = s->news, .events = POLLIN},
        };
        if (poll(p, 5, -1) < 0) {
            if (errno == EINTR)
                continue;
            log_msg("poll: %s", strerror(errno));
            s->host_gone = 1;
            return;
        }
        if (p[0].revents & (POLLIN | POLLHUP | POLLERR))
            handle_host_frame(s);
        if (p[1].revents && s->out.fd >= 0)
            relay_output(s, &s->out);
        if (p[2].revents && s->err.fd >= 0)
            relay_output(s, &s->err);
        if (p[3].revents && s->in.fd >= 0)
            feed_stdin(s);
        if (p[4].revents && s->news >= 0)
            read_news(s);
    }
}

static void send_exit(struct run_state *s, uint32_t how, uint32_t value, uint32_t core)
{
    uint32_t v[3] = {how, value, core};
    if (send_frame(s->port, FRAME_EXIT, v, sizeof v) != 0)
        s->host_gone = 1;
}

static int make_pipe(int fds[2])
{
    return pipe2(fds, O_CLOEXEC);
}

int serve_run(int port, const unsigned char *payload, unsigned len)
{
    struct run_request r;
    struct run_state s = {.port = port, .news = -1, .out = {-1, FRAME_STDOUT},
                          .err = {-1, FRAME_STDERR}, .in = {-1, 0}};
    if (decode_run_request(payload, len, &r) != 0) {
        log_msg("malformed RUN request");
        return -1;
    }
    int in[2] = {-1, -1}, out[2], err[2] = {-1, -1}, news[2];
    int ok = make_pipe(out) == 0 && make_pipe(news) == 0;
    if (ok && !(r.flags & RUN_MERGE_STDERR))
        ok = make_pipe(err) == 0;
    if (ok && !(r.flags & RUN_STDIN_NULL))
        ok = make_pipe(in) == 0;
    else if (ok)
        ok = (in[0] = open("/dev/null", O_RDONLY | O_CLOEXEC)) >= 0;
    s.stdin_buf = malloc(STDIN_WINDOW);
    pid_t shepherd = ok && s.stdin_buf ? fork() : -1;
    if (shepherd < 0) {
        log_msg("cannot set up a run: %s", strerror(errno));
        free(s.stdin_buf);
        free_run_request(&r);
        return -1;
    }
    if (shepherd == 0) {
        /* Our ends stay with the agent only, or the program would never see end of
         * file on stdin, nor EPIPE once the host's stdout is gone. */
        close(port);
        close(news[0]);
        if (in[1] >= 0)
            close(in[1]);
        close(out[0]);
        if (err[0] >= 0)
            close(err[0]);
        start_shepherd(&r, in[0], out[1], err[1] >= 0 ? err[1] : out[1], news[1]);
    }
    close(news[1]);
    close(in[0]);
    close(out[1]);
    if (err[1] >= 0)
        close(err[1]);
    s.news = news[0];
    s.in.fd = in[1];
    s.out.fd = out[0];
    s.err.fd = err[0];
    if (s.in.fd >= 0)
        fcntl(s.in.fd, F_SETFL, O_NONBLOCK);

    struct shepherd_msg m;
    if (read_all(s.news, &m, sizeof m) != 1)
        m = (struct shepherd_msg){NEWS_FAILED, EAGAIN, 0};
    if (m.news != NEWS_STARTED) {
        kill_everything();
        send_exit(&s, EXIT_EXEC_FAILED, (uint32_t)m.value, (uint32_t)m.step_is_exec);
    } else {
        s.pid = m.value;
        pump(&s);
        if (s.host_gone)
            kill_everything();
        else if (WIFSIGNALED(s.status))
            send_exit(&s, EXIT_SIGNAL, (uint32_t)WTERMSIG(s.status),
                      WCOREDUMP(s.status) ? 1 : 0);
        else
            send_exit(&s, EXIT_CODE, (uint32_t)WEXITSTATUS(s.status), 0);
    }
    if (s.news >= 0)
        close(s.news);
    close_relay(&s.in);
    close_relay(&s.out);
    close_relay(&s.err);
    free(s.stdin_buf);
    free_run_request(&r);
    return s.host_gone ? -1 : 0;
}
