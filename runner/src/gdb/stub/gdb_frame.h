/* The remote serial protocol's packet framing, $data#cs, in one place for both
 * ends x32-run plays: the stub (gdb_packets.c, on the trap path) and the
 * extended-remote server's link to the program's stub (gdb/server/gdb_multi.c).
 * Pure: no system calls, no libc; the caller moves the bytes. */
#ifndef X32RUN_GDB_FRAME_H
#define X32RUN_GDB_FRAME_H

#include <stddef.h>

/* What rsp_read returns besides a length. */
#define RSP_GONE (-1)    /* the byte source ended */
#define RSP_BAD_SUM (-2) /* a whole packet arrived, but its checksum is wrong */

/* Writes "$data#cs" into out, which has room for n + 4 bytes; returns n + 4. */
size_t rsp_frame(char *out, const char *data, size_t n);

/* Reads one packet from next_byte (a byte, or -1 when there are no more):
 * bytes before '$' (acknowledgements, ^C) are skipped, the data is stored
 * NUL-terminated (truncated to cap - 1) and its length returned, after the two
 * checksum digits were checked. */
int rsp_read(int (*next_byte)(void *ctx), void *ctx, char *buf, size_t cap);

#endif
