/* mem_large_bss: a program with a 256 MiB .bss and a 1 MiB initialised
 * .data is loaded with zeroed bss and intact data. */
#include "check.h"

static char big_bss[256 << 20];
static unsigned char data_blob[1 << 20] = { 1, 2, 3, [(1 << 20) - 1] = 0x5a };

int main(void)
{
    int nonzero = 0;
    for (size_t i = 0; i < sizeof big_bss; i += 4096)
        nonzero |= big_bss[i];
    CHECK_EQ(nonzero, 0);
    CHECK_EQ(big_bss[sizeof big_bss - 1], 0);
    big_bss[0] = 1;
    big_bss[sizeof big_bss - 1] = 2;
    CHECK_EQ(big_bss[0] + big_bss[sizeof big_bss - 1], 3);
    CHECK_EQ(data_blob[0], 1);
    CHECK_EQ(data_blob[2], 3);
    CHECK_EQ(data_blob[(1 << 20) - 1], 0x5a);
    CHECK((unsigned long long)(uintptr_t)big_bss + sizeof big_bss <= (IS_X32 ? 1ULL << 32 : ~0ULL));
    /* malloc and brk still work above the big bss. */
    char *p = malloc(100);
    CHECK(p != NULL);
    free(p);
    return check_done();
}
