/* Prints sizeof(void *). Given the expected size as its argument, it also fails on a
 * mismatch: the glue tests expect 4 from x32 builds and 8 from native ones, which proves
 * that a build system ran the program it built (through x32-run) and not a host one. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    unsigned size = (unsigned)sizeof(void *);

    printf("%u\n", size);
    if (argc > 1 && strtoul(argv[1], NULL, 10) != size) {
        fprintf(stderr, "ptrsize: expected %s-byte pointers, got %u\n", argv[1], size);
        return 1;
    }
    return 0;
}
