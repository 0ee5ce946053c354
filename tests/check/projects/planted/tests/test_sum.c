/* Two 2 GB files make 4 GB: needs a 64-bit long. */
#include <stdio.h>
#include "planted.h"

int main(void)
{
    volatile long two_gb = 2000000000;
    long long total = total_bytes(two_gb, two_gb);
    if (total != 4000000000LL) {
        fprintf(stderr, "total is %lld, not 4000000000\n", total);
        return 1;
    }
    return 0;
}
