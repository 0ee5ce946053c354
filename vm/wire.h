/* Frames on a file descriptor (see protocol.h) and the byte encoding of their payloads.
 * Used by both ends: the agent in the guest and x32-vm on the host. */
#ifndef X32VM_WIRE_H
#define X32VM_WIRE_H

#include <stddef.h>
#include <stdint.h>

/* write_all FD BUF LEN: write everything, waiting through EAGAIN on non-blocking
 * descriptors.  0 on success, -1 with errno set otherwise (EPIPE: the peer is gone). */
int write_all(int fd, const void *buf, size_t len);

/* read_all FD BUF LEN: 1 when LEN bytes were read, 0 at end of file before the first
 * byte, -1 on error or a short read (errno EPIPE). */
int read_all(int fd, void *buf, size_t len);

int send_frame(int fd, uint32_t type, const void *payload, uint32_t len);
int send_frame_u32(int fd, uint32_t type, uint32_t value);

/* recv_frame FD TYPE PAYLOAD LEN: read one frame; *PAYLOAD is malloc'd (NUL-terminated
 * for convenience) and owned by the caller.  Returns like read_all. */
int recv_frame(int fd, uint32_t *type, unsigned char **payload, uint32_t *len);

/* A growing buffer for encoding; `failed` records an allocation failure once. */
struct wbuf {
    unsigned char *data;
    size_t len, cap;
    int failed;
};
void wbuf_u32(struct wbuf *b, uint32_t v);
void wbuf_u64(struct wbuf *b, uint64_t v);
void wbuf_str(struct wbuf *b, const char *s);

/* A cursor for decoding; `failed` is set when the payload is shorter than expected. */
struct rbuf {
    const unsigned char *p;
    size_t left;
    int failed;
};
uint32_t rbuf_u32(struct rbuf *b);
uint64_t rbuf_u64(struct rbuf *b);
/* Points into the payload; "" once the payload has run out. */
const char *rbuf_str(struct rbuf *b);

#endif
