/* Links x32demo found by pkg-config; the library and this program must agree on the
 * pointer size, and it must be the expected one (the argument). */
#include <stdio.h>
#include <stdlib.h>
#include <x32demo.h>

int main(int argc, char **argv)
{
    int lib = x32demo_pointer_bytes();

    printf("%d\n", lib);
    if (lib != (int)sizeof(void *))
        return 1;
    return argc > 1 && atoi(argv[1]) != lib;
}
