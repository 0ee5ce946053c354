/*
 * The same record splitter with the checks done in one signedness: first
 * make sure the header itself is there, then compare the remaining byte
 * count as a size_t (it is known to be non-negative by then) with the wire
 * length. No mixed signed/unsigned comparison is left, so the result does
 * not depend on which of ptrdiff_t and uint32_t is wider.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { HDR_SIZE = 4 };

static void parse(const uint8_t *p, const uint8_t *end)
{
    while (p < end) {
        uint32_t len = 0;

        if (end - p >= HDR_SIZE)
            memcpy(&len, p, sizeof len);
        /* end - p - HDR_SIZE is known to be >= 0 when it is evaluated */
        if (end - p < HDR_SIZE || (size_t)(end - p - HDR_SIZE) < len) {
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
