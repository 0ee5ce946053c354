/* A NULL pointer argument through the library. At -O2 GCC tests the whole register
 * for NULL (testq %rdi, %rdi) and then loads through its lower half (movl (%edi)):
 * on x32 it relies on the caller having cleared the upper half. */
#include <stddef.h>
#include <stdio.h>

#include "tinyffi.h"

__attribute__((noinline)) int first_or_second(const int *first, const int *second)
{
    return first ? *first : *second;
}

int main(void)
{
    int second = 42;
    /* The argument values side by side, as a caller's argument array holds them. */
    const int *args[2] = { NULL, &second };
    void *values[2] = { &args[0], &args[1] };
    const enum tinyffi_type types[2] = { TINYFFI_POINTER, TINYFFI_POINTER };
    int64_t result = 0;

    if (tinyffi_call((void (*)(void))first_or_second, 2, types, values, &result) != 0)
        return 2;
    printf("first_or_second(NULL, &42) = %d\n", (int)result);
    return (int)result == 42 ? 0 : 1;
}
