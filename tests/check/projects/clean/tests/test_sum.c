/* Two 2 GB files make 4 GB: int64_t holds it on every ABI. */
#include <inttypes.h>
#include <stdio.h>
#include "planted.h"

int main(void)
{
    volatile int64_t two_gb = 2000000000;
    int64_t total = total_bytes(two_gb, two_gb);
    if (total != 4000000000LL) {
        fprintf(stderr, "total is %" PRId64 ", not 4000000000\n", total);
        return 1;
    }
    return 0;
}
