#include <stdio.h>

int main(void)
{
    printf("nested 1.0, %u-byte pointers\n", (unsigned)sizeof(void *));
    return 0;
}
