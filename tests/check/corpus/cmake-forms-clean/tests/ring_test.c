#include "ring.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    unsigned int size = argc > 1 ? (unsigned int)atoi(argv[1]) : 8;
    struct ring r;
    ring_init(&r, size);
    for (unsigned int i = 0; i < size; i++)
        if (ring_push(&r, (int)i) != 0) {
            printf("push %u failed\n", i);
            return 1;
        }
    if (ring_push(&r, 99) != -1 || ring_fill(&r) != (long)size) {
        printf("ring of %u: fill %ld\n", size, ring_fill(&r));
        return 1;
    }
    printf("ring of %u ok\n", size);
    return 0;
}
