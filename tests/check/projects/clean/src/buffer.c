#include <stdlib.h>
#include <string.h>
#include "planted.h"

/* A copy of a 64-bit stamp in a buffer sized by its own type. */
unsigned char *stamp_copy(uint64_t stamp)
{
    unsigned char *buf = malloc(sizeof stamp);
    if (buf)
        memcpy(buf, &stamp, sizeof stamp);
    return buf;
}
