#include <stdio.h>

long fastsum_pair(const long *p);

int main(void)
{
    long v[4] = {1, 2, 30, 40};
    long got = fastsum_pair(v);
    printf("fastsum_pair(1, 2) = %ld\n", got);
    return got == 3 ? 0 : 1;
}
