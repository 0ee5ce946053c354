/* A 64-bit count kept in unsigned long: right on LP64, truncated on x32 (ILP32),
 * the bug class this project plants when built with STARTS_PLANT_BUG. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    const char *big = "5000000000";
#ifdef STARTS_PLANT_BUG
    unsigned long n = strtoul(big, 0, 10);
    char back[32];
    snprintf(back, sizeof back, "%lu", n);
#else
    unsigned long long n = strtoull(big, 0, 10);
    char back[32];
    snprintf(back, sizeof back, "%llu", n);
#endif
    if (strcmp(back, big) != 0) {
        printf("sizes: %s came back as %s\n", big, back);
        return 1;
    }
    printf("sizes ok\n");
    return 0;
}
