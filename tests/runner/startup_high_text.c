/* startup_high_text: a non-PIE program linked to load at 0x90000000 (above
 * 2 GiB: the sign bit of x32 addresses) is mapped there and runs, calls
 * into libc and back (function pointers at high addresses).  Natively the
 * small code model cannot link above 2 GiB, so that build uses 0x60000000.
 * (-g0: some x32 debug-info relocations overflow at such addresses.) */
// build-x32: -no-pie -Wl,-Ttext-segment=0x90000000 -g0
// build-native: -no-pie -Wl,-Ttext-segment=0x60000000
#include "check.h"

#if IS_X32
#define TEXT_BASE 0x90000000UL
#else
#define TEXT_BASE 0x60000000UL
#endif

static int compare(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static int data_var = 5;

int main(void)
{
    CHECK((uintptr_t)&main >= TEXT_BASE && (uintptr_t)&main < TEXT_BASE + 0x10000000UL);
    CHECK((uintptr_t)&data_var >= TEXT_BASE);
#if IS_X32
    CHECK((intptr_t)&main < 0);
#endif
    int v[5] = { 4, 1, 3, 5, 2 };
    qsort(v, 5, sizeof v[0], compare);          /* libc calls back to high code */
    for (int i = 0; i < 5; i++)
        CHECK_EQ(v[i], i + 1);
    CHECK_EQ(data_var, 5);
    return check_done();
}
