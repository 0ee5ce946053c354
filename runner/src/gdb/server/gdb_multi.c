/* x32-run -g - (or -g PORT) without a program: a server for gdb's
 * `target extended-remote`, as `gdbserver --multi` is.  gdb's `run` (vRun)
 * starts `x32-run -g fd:N PROGRAM ARGS` on a socketpair; `attach PID` (vAttach)
 * asks a running x32 program to connect back (gdb_attach.c).  Either way the
 * program's own stub then answers gdb: this process relays whole packets
 * between the two until the program exits, is killed or is detached, and
 * waits for the next `run` or `attach`.  It is an ordinary process, so libc is
 * fine here; the gdb side uses gdb_packets.c, the program side the small
 * reader below (no acknowledgements: the relay turns them off first). */
#include "base/self_path.h"
#include "gdb/connect.h"
#include "gdb/stub/stub.h"
#include "gdb/stub/gdb_frame.h"
#include "gdb/server/gdb_multi.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#define PKT 0x4100
#define MAX_ENV 256

static char pkt[PKT], reply[PKT];
int peer = -1;              /* the program's stub */
pid_t peer_pid;             /* the program's process */
int peer_is_child;          /* started by vRun: reaped here */
static int via_stdio;       /* gdb talks on our stdin/stdout */
static char pbuf[PKT];
static size_t ppos, plen;
/* QEnvironment* and QSetWorkingDir: applied to the next vRun's program. */
static char *env_set[MAX_ENV], *env_unset[MAX_ENV];
static int n_set, n_unset, env_reset;
static char *work_dir;

static int peer_byte(void)
{
    if (ppos == plen) {
        ssize_t n;
        do
            n = read(peer, pbuf, sizeof pbuf);
        while (n < 0 && errno == EINTR);
        if (n <= 0)
            return -1;
        ppos = 0;
        plen = (size_t)n;
    }
    return (unsigned char)pbuf[ppos++];
}

static int next_peer_byte(void *ctx)
{
    (void)ctx;
    return peer_byte();
}

/* One packet from the program's stub; -1 when it is gone.  The link is a local
 * socketpair without acknowledgements after the handshake, so nothing would
 * resend a packet with a bad checksum: that ends the link as a gone stub does. */
static int peer_get(char *buf, size_t cap)
{
    int n = rsp_read(next_peer_byte, 0, buf, cap);
    if (n == RSP_BAD_SUM)
        fprintf(stderr, "x32-run: the program's gdb stub sent a packet with a bad checksum\n");
    return n < 0 ? -1 : n;
}

static void peer_put(const char *data, size_t n)
{
    static char out[PKT + 8];
    n = n < PKT ? n : PKT;
    if (write(peer, out, rsp_frame(out, data, n)) < 0) {
        /* a dead stub shows up as end of file on the next read */
    }
}

void peer_close(void)
{
    if (peer >= 0)
        close(peer);
    peer = -1;
    ppos = plen = 0;
    if (peer_is_child && peer_pid > 0)
        waitpid(peer_pid, 0, 0);
    peer_pid = 0;
    peer_is_child = 0;
}

/* The program's stub starts acknowledged; the relay turns that off, then asks
 * where the program stopped, which is gdb's answer to vRun or vAttach. */
int peer_handshake(char *stop, size_t cap)
{
    static const char ack_off[] = "$QStartNoAckMode#b0";
    if (write(peer, ack_off, sizeof ack_off - 1) < 0 || peer_get(stop, cap) < 0 ||
        write(peer, "+", 1) != 1)
        return -1;
    peer_put("?", 1);
    return peer_get(stop, cap) > 0 ? 0 : -1;
}

static char *hex_field(const char **p)
{
    const char *e = strchr(*p, ';');
    size_t len = e ? (size_t)(e - *p) : strlen(*p);
    char *s = calloc(len / 2 + 1, 1);
    if (s)
        hex_decode(s, *p, len / 2);
    *p += len + (e ? 1 : 0);
    return s;
}

static void apply_environment(void)
{
    if (env_reset)
        clearenv();
    for (int i = 0; i < n_set; i++)
        putenv(env_set[i]);
    for (int i = 0; i < n_unset; i++)
        unsetenv(env_unset[i]);
    if (work_dir && chdir(work_dir) != 0)
        fprintf(stderr, "x32-run: cannot change to %s: %s\n", work_dir, strerror(errno));
}

/* vRun;PROGRAM;ARG...: a child x32-run with its stub on a socketpair. */
static const char *start_program(const char *p)
{
    char *argv[256];
    int argc = 0;
    char *self = (char *)runner_path();
    if (!self)
        return "E01";
    argv[argc++] = self;
    argv[argc++] = "-g";
    argv[argc++] = 0; /* fd:N, below */
    argv[argc++] = "--";
    while (*p && argc < 254)
        argv[argc++] = hex_field(&p);
    argv[argc] = 0;
    if (argc == 4 || !argv[4][0])
        return "E02"; /* no program: x32-gdb sets `remote exec-file` */
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
        return "E03";
    pid_t pid = fork();
    if (pid < 0) {
        close(sv[0]);
        close(sv[1]);
        return "E03";
    }
    if (pid == 0) {
        char where[32];
        int fd = fcntl(sv[1], F_DUPFD, 3); /* without close-on-exec */
        snprintf(where, sizeof where, "fd:%d", fd);
        argv[2] = where;
        if (via_stdio) { /* the pipe is gdb's: the program gets what -g - gives it */
            int null = open("/dev/null", O_RDONLY);
            dup2(null, 0);
            dup2(2, 1);
        }
        apply_environment();
        execv(self, argv);
        fprintf(stderr, "x32-run: cannot start %s: %s\n", self, strerror(errno));
        _exit(127);
    }
    close(sv[1]);
    peer = sv[0];
    peer_pid = pid;
    peer_is_child = 1;
    if (peer_handshake(reply, sizeof reply)) {
        peer_close(); /* it said why on stderr (no such file, not x32...) */
        return "E01";
    }
    return reply;
}

static void remember_environment(const char *p)
{
    if (str_eq(p, "QEnvironmentReset")) {
        env_reset = 1;
        n_set = n_unset = 0;
    } else if (str_starts(p, "QEnvironmentHexEncoded:") && n_set < MAX_ENV) {
        p += 23;
        env_set[n_set++] = hex_field(&p);
    } else if (str_starts(p, "QEnvironmentUnset:") && n_unset < MAX_ENV) {
        p += 18;
        env_unset[n_unset++] = hex_field(&p);
    } else if (str_starts(p, "QSetWorkingDir:")) {
        p += 15;
        free(work_dir);
        work_dir = *p ? hex_field(&p) : 0;
    }
}

/* A packet from gdb while no program is connected. */
static void serve_idle(int n)
{
    const char *r = "";
    if (str_starts(pkt, "qSupported")) {
        r = GDB_STUB_FEATURES ";QEnvironmentHexEncoded+;QEnvironmentUnset+;"
            "QEnvironmentReset+;QSetWorkingDir+";
    } else if (str_eq(pkt, "QStartNoAckMode")) {
        gdb_put_str("OK");
        gdb_conn_no_ack();
        return;
    } else if (str_eq(pkt, "!") || str_starts(pkt, "QEnvironment") ||
               str_starts(pkt, "QSetWorkingDir")) {
        remember_environment(pkt);
        r = "OK";
    } else if (str_eq(pkt, "?")) {
        r = "W00"; /* no program yet: gdb's `run` or `attach` starts one */
    } else if (str_starts(pkt, "qXfer:features:read:target.xml:")) {
        /* gdb reads the registers' description on connecting, before any run */
        const char *p = pkt + 31;
        uint64_t off = parse_hex(&p), len = *p == ',' ? (p++, parse_hex(&p)) : 0;
        size_t total;
        const char *xml = gdb_target_xml(&total);
        gdb_put_xfer(xml, total, off, len);
        return;
    } else if (str_starts(pkt, "qXfer:")) {
        r = "E00"; /* offered, but there is no program to read it from yet */
    } else if (str_eq(pkt, "qfThreadInfo")) {
        r = "l";
    } else if (str_starts(pkt, "vRun;")) {
        r = start_program(pkt + 5);
    } else if (str_starts(pkt, "vAttach;")) {
        const char *p = pkt + 8;
        r = gdb_multi_attach((pid_t)parse_hex(&p), reply, sizeof reply);
    } else if (str_starts(pkt, "vKill") || pkt[0] == 'D') {
        r = "OK";
    }
    (void)n;
    gdb_put_str(r);
}

/* A packet from gdb while a program is connected: relayed, except a kill,
 * which this side does (the stub dies before it could answer). */
static void serve_connected(int n)
{
    if (str_starts(pkt, "vKill") || str_eq(pkt, "k")) {
        kill(peer_pid, SIGKILL);
        peer_close();
        if (pkt[0] == 'v')
            gdb_put_str("OK");
        return;
    }
    if (str_starts(pkt, "vRun;") || str_starts(pkt, "vAttach;")) {
        gdb_put_str("E01"); /* one program at a time: gdb kills or detaches first */
        return;
    }
    peer_put(pkt, (size_t)n);
    if (pkt[0] == 'D') { /* its OK, then it runs on without us */
        int r = peer_get(reply, sizeof reply);
        gdb_put_str(r >= 0 ? reply : "OK");
        peer_close();
    }
}

/* A packet from the program's stub: to gdb; an exit ends the connection. */
static void from_peer(void)
{
    int r = peer_get(reply, sizeof reply);
    if (r < 0) {
        peer_close();
        gdb_put_str("X09"); /* gone without a word: killed from outside */
        return;
    }
    gdb_put_packet(reply, (size_t)r);
    if (reply[0] == 'W' || reply[0] == 'X')
        peer_close();
}

int gdb_multi_main(const char *where)
{
    signal(SIGPIPE, SIG_IGN);
    via_stdio = str_eq(where, "-") || str_eq(where, "stdio");
    if (gdb_conn_open(where))
        return 2;
    for (;;) {
        if (peer >= 0 && !gdb_conn_buffered() && ppos == plen) {
            struct pollfd pf[2] = {{gdb_conn_in_fd(), POLLIN, 0}, {peer, POLLIN, 0}};
            if (poll(pf, 2, -1) < 0 && errno != EINTR)
                return 1;
            if (pf[1].revents && !pf[0].revents) {
                from_peer();
                continue;
            }
        } else if (peer >= 0 && ppos < plen) {
            from_peer();
            continue;
        }
        if (peer >= 0) {
            /* gdb's ^C is a lone byte: pass it on and never wait on it for a packet. */
            int intr = gdb_conn_skip_to_packet();
            if (intr < 0)
                break;
            if (intr && write(peer, "\3", 1) != 1)
                continue; /* the program is gone; from_peer says so */
            if (!gdb_conn_buffered())
                continue;
        }
        int n = gdb_get_packet(pkt, sizeof pkt);
        if (n < 0)
            break; /* gdb is gone: a program we started dies, an attached one runs on */
        if (peer >= 0)
            serve_connected(n);
        else
            serve_idle(n);
    }
    if (peer >= 0 && peer_is_child)
        kill(peer_pid, SIGKILL);
    peer_close();
    return 0;
}
