/* Opening the gdb connection, with libc, before any guest code runs: a TCP
 * socket (x32-run -g PORT), stdin/stdout (-g -, for `target remote | x32-run -g -
 * PROG`) or an inherited socket (-g fd:N: gdb_multi.c's `run`).  Shared by the
 * stub's start-up and the extended-remote server; the descriptors are moved far
 * up, out of the guest's way, and handed to gdb_packets.c's framing. */
#include "gdb/connect.h"
#include "gdb/stub/stub.h"
#include "base/util.h"
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* A descriptor number the guest is unlikely to pick or close by number. */
static int move_high(int fd)
{
    int hi = fcntl(fd, F_DUPFD_CLOEXEC, 900);
    if (hi < 0)
        return fd;
    close(fd);
    return hi;
}

static int open_tcp(const char *where)
{
    const char *colon = strrchr(where, ':');
    const char *port_s = colon ? colon + 1 : where;
    char *end;
    long port = strtol(port_s, &end, 10);
    if (!*port_s || *end || port <= 0 || port > 65535) {
        fprintf(stderr, "x32-run: -g %s: not a port number (use -g PORT or -g - for stdio)\n",
                where);
        return -1;
    }
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (colon && colon != where) {
        char host[64];
        snprintf(host, sizeof host, "%.*s", (int)(colon - where), where);
        if (inet_pton(AF_INET, host, &sa.sin_addr) != 1) {
            fprintf(stderr, "x32-run: -g %s: the host must be an IPv4 address\n", where);
            return -1;
        }
    }
    int ls = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int one = 1;
    if (ls < 0 || setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) ||
        bind(ls, (struct sockaddr *)&sa, sizeof sa) || listen(ls, 1)) {
        fprintf(stderr, "x32-run: cannot listen for gdb on port %ld: %s (pick another port)\n",
                port, strerror(errno));
        return -1;
    }
    if (getenv("X32_RUN_GDB_QUIET") == 0)
        fprintf(stderr, "x32-run: waiting for gdb on port %ld (target remote :%ld)\n", port,
                port);
    int s = accept4(ls, 0, 0, SOCK_CLOEXEC);
    close(ls);
    if (s < 0) {
        fprintf(stderr, "x32-run: accepting gdb's connection failed: %s\n", strerror(errno));
        return -1;
    }
    setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    s = move_high(s);
    gdb_conn_use_fds(s, s);
    return 0;
}

/* stdin/stdout become the connection; the program reads /dev/null and its
 * stdout goes to stderr (gdb shows both), as gdbserver does. */
static int open_stdio(void)
{
    int in = move_high(dup(0)), out = move_high(dup(1));
    int null = open("/dev/null", O_RDONLY);
    if (in < 0 || out < 0 || null < 0 || dup2(null, 0) < 0 || dup2(2, 1) < 0) {
        fprintf(stderr, "x32-run: -g -: cannot set up stdio for gdb: %s\n", strerror(errno));
        return -1;
    }
    close(null);
    gdb_conn_use_fds(in, out);
    return 0;
}

/* fd:N: a connected socket x32-run was started with (by gdb_multi.c). */
static int open_fd(const char *n)
{
    char *end;
    long fd = strtol(n, &end, 10);
    if (!*n || *end || fd < 0 || fcntl((int)fd, F_GETFD) < 0) {
        fprintf(stderr, "x32-run: -g fd:%s: not an open descriptor\n", n);
        return -1;
    }
    int s = move_high((int)fd);
    gdb_conn_use_fds(s, s);
    return 0;
}

int gdb_conn_open(const char *where)
{
    if (str_starts(where, "fd:"))
        return open_fd(where + 3);
    return str_eq(where, "-") || str_eq(where, "stdio") ? open_stdio() : open_tcp(where);
}
