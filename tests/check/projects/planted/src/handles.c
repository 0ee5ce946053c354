#include "planted.h"

/* Handles are pointers carried in 64-bit integers. */
uint64_t handle_from_pointer(void *p)
{
    /* Silent on both ABIs: intptr_t is signed, so on x32 a pointer at or above 2 GiB
       becomes 0xffffffff________. tests/test_handles.c catches it at run time. */
    return (uint64_t)(intptr_t)p;
}

uint64_t handle_cast(void *p)
{
    return (uint64_t)p; /* expect-x32: class 11 */
}

void *pointer_from_handle(uint64_t h)
{
    return (void *)h; /* expect-x32: class 11 */
}
