/* Counts its arguments' characters through a pointer-sized loop: the kind of test a
 * project's suite runs; exits 1 on a wrong count. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    size_t total = 0;
    for (int i = 1; i < argc; i++)
        total += strlen(argv[i]);
    printf("%zu\n", total);
    return total == 11 ? 0 : 1;
}
