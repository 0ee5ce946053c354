/* Signed overflow that UBSan must report on x32 (built with -fsanitize=undefined). */
#include <limits.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    (void)argv;
    volatile long big = LONG_MAX;   /* 2^31-1 on x32 */
    long r = big + argc;            /* overflows */
    printf("%ld\n", r);
    return 0;
}
