#include <stdio.h>
int main(int argc, char **argv)
{
    printf("hello from x32, %d-bit pointers, argv[0]=%s, argc=%d\n",
           (int)(8 * sizeof(void *)), argv[0], argc);
    return 0;
}
