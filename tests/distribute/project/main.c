/* Prints the pointer size and exits 0 only when the library's answers are right. */
#include <stdio.h>
#include "shapes.h"
int main(void)
{
    int ok = rect_area(6, 7) == 42 && rect_perimeter(6, 7) == 26;
    printf("calc_c pointer=%zu %s\n", sizeof(void *), ok ? "ok" : "WRONG");
    return ok ? 0 : 1;
}
