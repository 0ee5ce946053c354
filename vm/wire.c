#include "wire.h"
#include "protocol.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A non-blocking descriptor returned EAGAIN: sleep until it can take more.  A hang-up
 * without room to write means the reader is gone (a virtio port whose host side
 * disconnected reports exactly that). */
static int wait_writable(int fd)
{
    struct pollfd p = {.fd = fd, .events = POLLOUT};
    for (;;) {
        if (poll(&p, 1, -1) < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (p.revents & POLLOUT)
            return 0;
        if (p.revents & (POLLHUP | POLLERR | POLLNVAL)) {
            errno = EPIPE;
            return -1;
        }
    }
}

int write_all(int fd, const void *buf, size_t len)
{
    const unsigned char *p = buf;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN && wait_writable(fd) == 0)
                continue;
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

static int wait_readable(int fd)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    while (poll(&p, 1, -1) < 0)
        if (errno != EINTR)
            return -1;
    return 0;
}

int read_all(int fd, void *buf, size_t len)
{
    unsigned char *p = buf;
    size_t got = 0;
    while (got < len) {
        ssize_t n = read(fd, p + got, len - got);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN && wait_readable(fd) == 0)
                continue;
            return -1;
        }
        if (n == 0) {
            if (got == 0)
                return 0;
            errno = EPIPE;
            return -1;
        }
        got += (size_t)n;
    }
    return 1;
}

int send_frame(int fd, uint32_t type, const void *payload, uint32_t len)
{
    /* One write for small frames: fewer virtio round trips, and a frame is never
     * split by a signal between header and payload. */
    unsigned char small[8 + 4096];
    uint32_t head[2] = {type, len};
    if (len <= sizeof small - 8) {
        memcpy(small, head, 8);
        if (len)
            memcpy(small + 8, payload, len);
        return write_all(fd, small, 8 + (size_t)len);
    }
    if (write_all(fd, head, sizeof head) < 0)
        return -1;
    return write_all(fd, payload, len);
}

int send_frame_u32(int fd, uint32_t type, uint32_t value)
{
    return send_frame(fd, type, &value, sizeof value);
}

int recv_frame(int fd, uint32_t *type, unsigned char **payload, uint32_t *len)
{
    uint32_t head[2];
    int r = read_all(fd, head, sizeof head);
    if (r <= 0)
        return r;
    if (head[1] > FRAME_MAX) {
        errno = EPROTO;
        return -1;
    }
    unsigned char *p = malloc((size_t)head[1] + 1);
    if (!p)
        return -1;
    if (head[1] && read_all(fd, p, head[1]) != 1) {
        free(p);
        if (errno == 0)
            errno = EPIPE;
        return -1;
    }
    p[head[1]] = 0;
    *type = head[0];
    *len = head[1];
    *payload = p;
    return 1;
}

static void wbuf_put(struct wbuf *b, const void *src, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n)
            cap *= 2;
        unsigned char *d = realloc(b->data, cap);
        if (!d) {
            b->failed = 1;
            return;
        }
        b->data = d;
        b->cap = cap;
    }
    memcpy(b->data + b->len, src, n);
    b->len += n;
}

void wbuf_u32(struct wbuf *b, uint32_t v) { wbuf_put(b, &v, sizeof v); }
void wbuf_u64(struct wbuf *b, uint64_t v) { wbuf_put(b, &v, sizeof v); }

/* Strings travel with their terminating NUL so the decoder can point into the payload. */
void wbuf_str(struct wbuf *b, const char *s) { wbuf_put(b, s, strlen(s) + 1); }

static int rbuf_take(struct rbuf *b, void *dst, size_t n)
{
    if (b->failed || b->left < n) {
        b->failed = 1;
        memset(dst, 0, n);
        return -1;
    }
    memcpy(dst, b->p, n);
    b->p += n;
    b->left -= n;
    return 0;
}

uint32_t rbuf_u32(struct rbuf *b)
{
    uint32_t v;
    rbuf_take(b, &v, sizeof v);
    return v;
}

uint64_t rbuf_u64(struct rbuf *b)
{
    uint64_t v;
    rbuf_take(b, &v, sizeof v);
    return v;
}

const char *rbuf_str(struct rbuf *b)
{
    const unsigned char *end = b->failed ? NULL : memchr(b->p, 0, b->left);
    if (!end) {
        b->failed = 1;
        return "";
    }
    const char *s = (const char *)b->p;
    size_t n = (size_t)(end - b->p) + 1;
    b->p += n;
    b->left -= n;
    return s;
}
