/* The stub's side of the gdb connection, on the descriptors gdb/connect.c
 * opened (or gdb_attach.c was handed): the protocol's framing, $data#cs with
 * '+'/'-' acknowledgements, hex and the X packet's binary escapes.  This runs
 * in the SIGTRAP handler with the guest's %fs: raw system calls only. */
#include "gdb/stub/stub.h"
#include "gdb/stub/gdb_frame.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <errno.h>
#include <stdarg.h>
#include <sys/socket.h>
#include <sys/syscall.h>

static int in_fd = -1, out_fd = -1;
static char rbuf[4096];
static size_t rpos, rlen;
static int no_ack; /* QStartNoAckMode: gdb and the stub stop sending '+' */

void gdb_conn_no_ack(void) { no_ack = 1; }

void gdb_conn_use_fds(int in, int out)
{
    in_fd = in;
    out_fd = out;
    rpos = rlen = 0;
    no_ack = 0; /* every connection starts acknowledged */
}

void gdb_conn_close(void)
{
    if (in_fd >= 0)
        raw_syscall1(SYS_close, in_fd);
    if (out_fd >= 0 && out_fd != in_fd)
        raw_syscall1(SYS_close, out_fd);
    in_fd = out_fd = -1;
    rpos = rlen = 0;
}

int gdb_conn_buffered(void) { return rpos < rlen; }
int gdb_conn_in_fd(void) { return in_fd; }

/* Refills the read buffer when it is empty: 0, or -1 when gdb is gone. */
static int fill(void)
{
    if (rpos < rlen)
        return 0;
    long n;
    do
        n = raw_syscall3(SYS_read, in_fd, rbuf, sizeof rbuf);
    while (n == -EINTR);
    if (n <= 0)
        return -1;
    rpos = 0;
    rlen = (size_t)n;
    return 0;
}

static int get_byte(void)
{
    return fill() ? -1 : (unsigned char)rbuf[rpos++];
}

int gdb_conn_skip_to_packet(void)
{
    int intr = 0;
    for (;;) {
        if (fill())
            return -1;
        if (rbuf[rpos] == '$')
            return intr;
        intr |= rbuf[rpos++] == 3;
        if (rpos == rlen)
            return intr;
    }
}

static void put_bytes(const char *p, size_t n)
{
    while (n) {
        /* A socket gdb closed must not raise SIGPIPE in the program. */
        long w = raw_syscall6(SYS_sendto, out_fd, (long)p, (long)n, MSG_NOSIGNAL, 0, 0);
        if (w == -ENOTSOCK)
            w = raw_syscall3(SYS_write, out_fd, p, n);
        if (w == -EINTR)
            continue;
        if (w <= 0)
            return;
        p += w;
        n -= (size_t)w;
    }
}

/* One packet's data (NUL-terminated, truncated to cap-1), acknowledged; a
 * bad checksum is answered '-' and the next one read.  Stray bytes between
 * packets (acks, ^C while stopped) are skipped. */
static int next_byte(void *ctx)
{
    (void)ctx;
    return get_byte();
}

int gdb_get_packet(char *buf, size_t cap)
{
    for (;;) {
        int n = rsp_read(next_byte, 0, buf, cap);
        if (n == RSP_GONE)
            return -1;
        if (n == RSP_BAD_SUM) {
            if (!no_ack)
                put_bytes("-", 1);
            continue;
        }
        if (!no_ack)
            put_bytes("+", 1);
        return n;
    }
}

/* Sends $data#cs and waits for '+' (a '-' resends; gdb gone: give up). */
void gdb_put_packet(const char *data, size_t n)
{
    static char out[0x4000 + 8];
    if (n > sizeof out - 8)
        n = sizeof out - 8;
    size_t len = rsp_frame(out, data, n);
    for (int tries = 0; tries < 10; tries++) {
        put_bytes(out, len);
        if (no_ack)
            return;
        int c;
        do
            c = get_byte();
        while (c >= 0 && c != '+' && c != '-');
        if (c != '-')
            return;
    }
}

void gdb_put_str(const char *s) { gdb_put_packet(s, str_len(s)); }

size_t gdb_unescape(char *data, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (data[i] == '}' && i + 1 < n)
            data[o++] = (char)(data[++i] ^ 0x20);
        else
            data[o++] = data[i];
    }
    return o;
}
