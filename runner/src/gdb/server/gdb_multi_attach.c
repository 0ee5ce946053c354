/* The extended-remote server's `attach PID` (vAttach; see gdb_multi.c): the
 * program is asked with a queued SIGSYS to connect back to an abstract socket
 * named after this process, and is handed /proc/PID/mem as the proof that we
 * may debug it (gdb_attach.c is the program's side).  Ordinary process: libc. */
#include "gdb/stub/stub.h"
#include "gdb/server/gdb_multi.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

/* Is pid an x32-run process that catches SIGSYS?  Never signal anything else:
 * SIGSYS's default action would kill it. */
static const char *not_attachable(pid_t pid)
{
    char path[64], line[256], exe[4096];
    snprintf(path, sizeof path, "/proc/%d/exe", (int)pid);
    ssize_t n = readlink(path, exe, sizeof exe - 1);
    if (n <= 0)
        return errno == ENOENT ? "no such process" : "cannot read its /proc entry";
    exe[n] = 0;
    const char *base = strrchr(exe, '/');
    if (!strstr(base ? base + 1 : exe, "x32-run"))
        return "it is not an x32 program under x32-run";
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    unsigned long long caught = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "SigCgt: %llx", &caught) == 1)
            break;
    if (f)
        fclose(f);
    if (!(caught & (1ULL << (SIGSYS - 1))))
        return "it has not started its program yet";
    return 0;
}

/* vAttach;PID: the program connects back to an abstract socket named after
 * this process, and is handed /proc/PID/mem as the proof (gdb_attach.c). */
const char *gdb_multi_attach(pid_t pid, char *reply, size_t cap)
{
    const char *why = not_attachable(pid);
    char path[64];
    if (why) {
        fprintf(stderr, "x32-run: cannot attach to %d: %s\n", (int)pid, why);
        return "E01";
    }
    snprintf(path, sizeof path, "/proc/%d/mem", (int)pid);
    int mem = open(path, O_RDONLY | O_CLOEXEC);
    if (mem < 0) {
        fprintf(stderr, "x32-run: cannot attach to %d: %s (the same rule as ptrace's: "
                        "see /proc/sys/kernel/yama/ptrace_scope)\n", (int)pid, strerror(errno));
        return "E01";
    }
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path + 1, sizeof sa.sun_path - 1, GDB_ATTACH_SOCKET, (int)getpid());
    socklen_t len = (socklen_t)(sizeof sa.sun_family + 1 + strlen(sa.sun_path + 1));
    int ls = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (ls < 0 || bind(ls, (struct sockaddr *)&sa, len) || listen(ls, 1)) {
        fprintf(stderr, "x32-run: cannot attach: no socket: %s\n", strerror(errno));
        close(mem);
        if (ls >= 0)
            close(ls);
        return "E01";
    }
    int s = -1;
    union sigval v = {.sival_ptr = (void *)(uintptr_t)((uint64_t)GDB_ATTACH_MARK << 32 |
                                                       (uint32_t)getpid())};
    /* Asked again while it is busy inside the runner (it then declines). */
    for (int tries = 0; tries < 50 && s < 0; tries++) {
        if (sigqueue(pid, SIGSYS, v) != 0)
            break;
        struct pollfd pf = {ls, POLLIN, 0};
        if (poll(&pf, 1, 100) == 1)
            s = accept4(ls, 0, 0, SOCK_CLOEXEC);
    }
    close(ls);
    if (s < 0) {
        close(mem);
        fprintf(stderr, "x32-run: process %d did not answer the attach (is a gdb attached "
                        "to it already?)\n", (int)pid);
        return "E01";
    }
    char byte = 'm';
    struct iovec iov = {&byte, 1};
    union {
        struct cmsghdr h;
        char buf[CMSG_SPACE(sizeof(int))];
    } ctl;
    memset(&ctl, 0, sizeof ctl);
    struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf,
                       .msg_controllen = sizeof ctl.buf};
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(c), &mem, sizeof mem);
    ssize_t sent = sendmsg(s, &m, MSG_NOSIGNAL);
    close(mem);
    peer = s;
    peer_pid = pid;
    peer_is_child = 0;
    if (sent != 1 || peer_handshake(reply, cap)) {
        peer_close();
        fprintf(stderr, "x32-run: process %d refused the attach\n", (int)pid);
        return "E01";
    }
    return reply;
}

