#include "x32demo.h"

/* The library's own view of the ABI: it must agree with the program linking it. */
int x32demo_pointer_bytes(void)
{
    return (int)sizeof(void *);
}
