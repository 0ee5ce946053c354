/*
 * A telemetry collector splits a received buffer into records framed as
 * [u32 length][payload]. One bounds check covers both the header and the
 * payload: the bytes left after the header (a pointer difference, ptrdiff_t)
 * must be at least the length read from the wire.
 *
 * On LP64 ptrdiff_t is `long`, which holds every uint32_t, so the compare is
 * signed and "-2 bytes left" is less than any length. On x32 ptrdiff_t is
 * `int`, the same rank as uint32_t's `unsigned int`, so C converts the
 * difference to unsigned: -2 becomes 4294967294 and a truncated record passes.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { HDR_SIZE = 4 };

static void parse(const uint8_t *p, const uint8_t *end)
{
    while (p < end) {
        ptrdiff_t left = end - p - HDR_SIZE;    /* payload bytes available */
        uint32_t len;

        memcpy(&len, p, sizeof len);
        if (left < len) {
            printf("truncated record, %td bytes dropped\n", end - p);
            return;
        }
        printf("record, %u bytes: %.*s\n", len, (int)len, (const char *)p + HDR_SIZE);
        p += HDR_SIZE + len;
    }
}

int main(void)
{
    /* The receive buffer: two whole records, then the first 2 bytes of a
     * third one's header; the rest of the buffer is the next datagram. */
    static const uint8_t wire[] = {
        5, 0, 0, 0, 'h', 'e', 'l', 'l', 'o',
        3, 0, 0, 0, 'c', 'p', 'u',
        4, 0,
        0, 0, 'N', 'E', 'X', 'T', '-', 'D', 'A', 'T', 'A',
    };
    const size_t received = 9 + 7 + 2;

    parse(wire, wire + received);
    return 0;
}
