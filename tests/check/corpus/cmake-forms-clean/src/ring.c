#include "ring.h"

void ring_init(struct ring *r, unsigned int size)
{
    r->head = r->tail = 0;
    r->size = size > 64 ? 64 : size;
}

int ring_push(struct ring *r, int value)
{
    if (r->head - r->tail == r->size)
        return -1;
    r->slots[r->head++ % r->size] = value;
    return 0;
}

long ring_fill(const struct ring *r)
{
    /* unsigned int to long: widening on LP64, a sign change on ILP32 that only matters
     * at 2 GiB entries: x32-only -Wsign-conversion, informational. */
    long fill = r->head - r->tail;
    return fill;
}
