/* hello.c: the program whose start-up is timed (built dynamic and static). */
#include <stdio.h>

int main(void)
{
    puts("hello, world");
    return 0;
}
