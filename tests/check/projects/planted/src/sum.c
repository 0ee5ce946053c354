#include "planted.h"

/* Byte counts in 'long': 4 GB fits on LP64, overflows a 32-bit long. */
long total_bytes(long a, long b)
{
    return a + b; /* expect-ubsan */
}
