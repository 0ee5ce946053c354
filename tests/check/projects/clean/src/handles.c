#include "planted.h"

/* Through uintptr_t: zero-extended on x32, so the handle is the address. */
uint64_t handle_from_pointer(void *p)
{
    return (uint64_t)(uintptr_t)p;
}

uint64_t handle_cast(void *p)
{
    return (uint64_t)(uintptr_t)p;
}

void *pointer_from_handle(uint64_t h)
{
    return (void *)(uintptr_t)h;
}
