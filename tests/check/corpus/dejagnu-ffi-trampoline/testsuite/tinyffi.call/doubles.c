/* A double argument: the library does not pass floating point yet (prep.c), so this
 * fails on every ABI, the suite's own native failure. */
#include <stdio.h>

#include "tinyffi.h"

__attribute__((noinline)) long long twice(double d)
{
    return (long long)(2 * d);
}

int main(void)
{
    double d = 21.0;
    void *values[1] = { &d };
    const enum tinyffi_type types[1] = { TINYFFI_DOUBLE };
    int64_t result = 0;

    if (tinyffi_call((void (*)(void))twice, 1, types, values, &result) != 0) {
        puts("tinyffi_call: double arguments are not supported");
        return 1;
    }
    return result == 42 ? 0 : 1;
}
