/* Talks the remote protocol to `x32-run -g - PROG` directly (no gdb), for
 * what gdb never sends: unknown and malformed packets, bad checksums, memory
 * reads gdb would not try (unmapped, at or above 4 GiB, inside the runner),
 * random packets (a small fuzz of the parser), and a hang-up mid-session.
 * Built for the host; prints PASS/FAIL lines (tests/lib.sh's protocol).
 *
 *   wire RUNNER PROGRAM [SEED] */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int to_stub, from_stub;
static pid_t child;

static void start(const char *runner, const char *prog)
{
    int in[2], out[2];
    if (pipe(in) || pipe(out))
        exit(2);
    child = fork();
    if (child == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[1]);
        close(out[0]);
        execl(runner, runner, "-g", "-", prog, (char *)0);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_stub = in[1];
    from_stub = out[0];
}

static void send_raw(const char *s, size_t n)
{
    if (write(to_stub, s, n) != (ssize_t)n) {
        /* the stub is gone: the caller notices through the reply */
    }
}

static void send_packet(const char *data, size_t n)
{
    char buf[8192];
    unsigned sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += (unsigned char)data[i];
    int len = snprintf(buf, sizeof buf, "$%.*s#%02x", (int)n, data, sum & 0xff);
    send_raw(buf, (size_t)len);
}

/* Reads up to the next packet, skipping acks; returns its data or NULL
 * when the stub closed the pipe.  *nacks counts the '-' seen on the way. */
static char *read_reply(int *nacks)
{
    static char buf[65536];
    size_t n = 0;
    char c;
    for (;;) {
        if (read(from_stub, &c, 1) != 1)
            return 0;
        if (c == '-' && nacks)
            ++*nacks;
        if (c == '$')
            break;
    }
    while (read(from_stub, &c, 1) == 1 && c != '#')
        if (n + 1 < sizeof buf)
            buf[n++] = c;
    char cs[2];
    if (read(from_stub, cs, 2) != 2)
        return 0;
    send_raw("+", 1);
    buf[n] = 0;
    return buf;
}

static int failures;

static void check(const char *name, int ok, const char *got)
{
    if (ok) {
        printf("PASS %s\n", name);
    } else {
        printf("FAIL %s: got '%.60s'\n", name, got ? got : "(stub gone)");
        failures++;
    }
}

static char *ask(const char *packet)
{
    send_packet(packet, strlen(packet));
    return read_reply(0);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: wire RUNNER PROGRAM [SEED]\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    start(argv[1], argv[2]);
    char *r = ask("qSupported:xmlRegisters=i386");
    check("gdb-wire-qsupported", r && strstr(r, "qXfer:features:read+"), r);
    r = ask("?");
    check("gdb-wire-stopped-at-start", r && r[0] == 'T' && !strncmp(r, "T05", 3), r);
    r = ask("qNoSuchThing:1234");
    check("gdb-wire-unknown-query-empty", r && !*r, r);
    r = ask("!");
    check("gdb-wire-unknown-command-empty", r && !*r, r);
    r = ask("Z2,1000,4");
    check("gdb-wire-hw-watchpoint-unsupported", r && !*r, r);
    r = ask("m100000000,4");
    check("gdb-wire-read-at-4gib-error", r && r[0] == 'E', r);
    r = ask("mfffffffe,4");
    check("gdb-wire-read-across-4gib-error", r && r[0] == 'E', r);
    r = ask("m7fff00000000,8");
    check("gdb-wire-read-runner-memory-error", r && r[0] == 'E', r);
    r = ask("m0,4");
    check("gdb-wire-read-unmapped-error", r && r[0] == 'E', r);
    r = ask("M100000000,1:cc");
    check("gdb-wire-write-at-4gib-error", r && r[0] == 'E', r);
    r = ask("Z0,8,1");
    check("gdb-wire-breakpoint-unmapped-error", r && r[0] == 'E', r);
    r = ask("p999");
    check("gdb-wire-bad-register-error", r && r[0] == 'E', r);
    /* A bad checksum is answered with '-', then the packet again is fine. */
    int nacks = 0;
    send_raw("$g#00", 5);
    send_packet("qC", 2);
    r = read_reply(&nacks);
    check("gdb-wire-bad-checksum-nak", nacks == 1 && r && !strncmp(r, "QC", 2), r);

    /* Fuzz: random packets with valid framing, except those that resume or
     * end the program; every one must get an answer. */
    srand(argc > 3 ? (unsigned)atoi(argv[3]) : 1);
    static const char cmds[] = "gGpPmMXZzHTq?!xyAbBiIrRtQ0{";
    static const char fill[] = "0123456789abcdefABCDEF,:;=-#$}*xyzq \x01\xff";
    int answered = 1;
    for (int i = 0; i < 2000 && answered; i++) {
        char p[300];
        size_t n = 1 + (size_t)rand() % 200;
        p[0] = cmds[rand() % (int)(sizeof cmds - 1)];
        for (size_t k = 1; k < n; k++)
            p[k] = fill[rand() % (int)(sizeof fill - 1)];
        /* '$' and '#' inside data would end the frame: escape them as gdb does */
        for (size_t k = 0; k < n; k++)
            if (p[k] == '$' || p[k] == '#')
                p[k] = '}';
        if (p[0] == 'M' || p[0] == 'X' || p[0] == 'G' || p[0] == 'P')
            p[0] = 'm'; /* no random writes: they could hit the stub's own breakpoint */
        send_packet(p, n);
        answered = read_reply(0) != 0;
    }
    r = ask("qC");
    check("gdb-wire-fuzz-2000-packets-answered", answered && r && !strncmp(r, "QC", 2), r);

    /* gdb hangs up mid-session: the program is killed (as under QEMU). */
    close(to_stub);
    int status;
    waitpid(child, &status, 0);
    check("gdb-wire-hangup-kills-program", WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
          WIFSIGNALED(status) ? "another signal" : "an exit");
    return failures != 0;
}
