#include <stdlib.h>
#include <string.h>
#include "planted.h"

/* A copy of a 64-bit stamp in a buffer sized by 'long': 4 bytes on x32. */
unsigned char *stamp_copy(uint64_t stamp)
{
    unsigned char *buf = malloc(sizeof(long));
    if (buf)
        memcpy(buf, &stamp, 8); /* expect-x32: class 13 */ /* expect-asan */
    return buf;
}
