/* Copies a stamp and reads it back. Without a sanitizer an overflow of a small heap
   block usually goes unnoticed; ASan reports it. */
#include <stdio.h>
#include <stdlib.h>
#include "planted.h"

int main(void)
{
    unsigned char *copy = stamp_copy(0x0102030405060708u);
    int ok = copy && copy[0] == 0x08;
    free(copy);
    if (!ok) {
        fprintf(stderr, "stamp copy is wrong\n");
        return 1;
    }
    return 0;
}
