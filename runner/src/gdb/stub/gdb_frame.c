/* $data#cs framing (gdb_frame.h): the checksum is the sum of the data bytes
 * modulo 256, as two hex digits. */
#include "gdb/stub/gdb_frame.h"
#include "base/util.h"

size_t rsp_frame(char *out, const char *data, size_t n)
{
    unsigned sum = 0;
    out[0] = '$';
    for (size_t i = 0; i < n; i++) {
        out[i + 1] = data[i];
        sum += (unsigned char)data[i];
    }
    out[n + 1] = '#';
    out[n + 2] = hex_digits[(sum >> 4) & 15];
    out[n + 3] = hex_digits[sum & 15];
    return n + 4;
}

int rsp_read(int (*next_byte)(void *ctx), void *ctx, char *buf, size_t cap)
{
    int c;
    do
        c = next_byte(ctx);
    while (c >= 0 && c != '$');
    if (c < 0)
        return RSP_GONE;
    size_t n = 0;
    unsigned sum = 0;
    while ((c = next_byte(ctx)) >= 0 && c != '#') {
        sum += (unsigned)c;
        if (n + 1 < cap)
            buf[n++] = (char)c;
    }
    int h = c < 0 ? -1 : next_byte(ctx), l = h < 0 ? -1 : next_byte(ctx);
    if (h < 0 || l < 0)
        return RSP_GONE;
    buf[n] = 0;
    if (hex_val(h) < 0 || hex_val(l) < 0 ||
        (unsigned)(hex_val(h) * 16 + hex_val(l)) != (sum & 0xff))
        return RSP_BAD_SUM;
    return (int)n;
}
