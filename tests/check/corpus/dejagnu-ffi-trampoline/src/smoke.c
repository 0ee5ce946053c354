/* automake's harness runs this: one call through the library. It counts its runs in
 * smoke-runs (where it runs), since each test must run once per check, never while the
 * project builds. */
#include <stdio.h>

#include "tinyffi.h"

int add2(int a, int b);

int add2(int a, int b)
{
    return a + b;
}

int main(void)
{
    int a = 2, b = 40;
    void *values[2] = { &a, &b };
    const enum tinyffi_type types[2] = { TINYFFI_SINT32, TINYFFI_SINT32 };
    int64_t result = 0;
    FILE *runs = fopen("smoke-runs", "a");

    if (runs) {
        fputs("smoke\n", runs);
        fclose(runs);
    }
    if (tinyffi_call((void (*)(void))add2, 2, types, values, &result) != 0)
        return 2;
    printf("add2(2, 40) = %d\n", (int)result);
    return (int)result == 42 ? 0 : 1;
}
