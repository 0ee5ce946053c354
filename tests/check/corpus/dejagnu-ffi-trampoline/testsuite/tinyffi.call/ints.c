/* Integer arguments of both widths through the library. */
#include <stdio.h>

#include "tinyffi.h"

__attribute__((noinline)) long long add3(int a, int b, long long c)
{
    return a + b + c;
}

int main(void)
{
    int a = -2, b = 4;
    long long c = 40;
    void *values[3] = { &a, &b, &c };
    const enum tinyffi_type types[3] = { TINYFFI_SINT32, TINYFFI_SINT32, TINYFFI_SINT64 };
    int64_t result = 0;

    if (tinyffi_call((void (*)(void))add3, 3, types, values, &result) != 0)
        return 2;
    printf("add3(-2, 4, 40) = %lld\n", (long long)result);
    return result == 42 ? 0 : 1;
}
