#include <stdio.h>
#include <sys/types.h>

void print_size(off_t size)
{
    printf("%ld bytes\n", size); /* expect-x32: class 1 */
}
