/* Says which compiler built it and the pointer size: "clang 4" for clang's x32. */
#include <stdio.h>
int main(void)
{
#ifdef __clang__
    const char *cc = "clang";
#else
    const char *cc = "gcc";
#endif
    printf("%s %zu\n", cc, sizeof(void *));
    return 0;
}
