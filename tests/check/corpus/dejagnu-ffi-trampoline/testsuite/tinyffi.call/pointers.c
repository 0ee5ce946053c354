/* Two pointer arguments, neither NULL. On x32 the callee loads through the lower
 * halves of the registers only (movl (%edi)), so what the upper halves hold never
 * shows here. */
#include <stdio.h>

#include "tinyffi.h"

__attribute__((noinline)) int sum_pointees(const int *a, const int *b)
{
    return *a + *b;
}

int main(void)
{
    int x = 2, y = 40;
    const int *args[2] = { &x, &y };
    void *values[2] = { &args[0], &args[1] };
    const enum tinyffi_type types[2] = { TINYFFI_POINTER, TINYFFI_POINTER };
    int64_t result = 0;

    if (tinyffi_call((void (*)(void))sum_pointees, 2, types, values, &result) != 0)
        return 2;
    printf("sum_pointees(&2, &40) = %d\n", (int)result);
    return (int)result == 42 ? 0 : 1;
}
