/* Prints the data model the program was built for: "ILP32 x86-64" under -mx32. */
#include <stdio.h>

int main(void)
{
#ifdef __x86_64__
    const char *arch = "x86-64";
#else
    const char *arch = "other";
#endif
    printf("%s %s\n", sizeof(long) == 4 && sizeof(void *) == 4 ? "ILP32" : "LP64", arch);
    return 0;
}
