#ifndef RING_H
#define RING_H
#include <stddef.h>

struct ring {
    unsigned int head, tail, size;
    int slots[64];
};

void ring_init(struct ring *r, unsigned int size);
int ring_push(struct ring *r, int value);
long ring_fill(const struct ring *r);
#endif
