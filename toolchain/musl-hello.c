/* The musl step's smoke test (toolchain/steps/musl.sh): musl's own headers and
 * library, ILP32 pointers. */
#include <stdio.h>
int main(void)
{
    printf("musl x32: %zu-byte pointers\n", sizeof(void *));
    return 0;
}
