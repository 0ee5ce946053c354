/*
 * A GC heap with compressed references (V8's "pointer cage" idea): reserve
 * a 4 GiB region aligned to 4 GiB and store object references as 32-bit
 * offsets into it. Reserving twice the size and keeping the aligned half is
 * the usual way to get the alignment; the memory is PROT_NONE until used.
 *
 * On x32 the whole process has 4 GiB of address space, and size_t cannot
 * even express 8 GiB: the length passed to mmap becomes 0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#define CAGE_SIZE (UINT64_C(1) << 32)
#define COMMIT_SIZE (1u << 20)
#define OBJECT_SIZE 32u

struct heap {
    char *base;
    char *top;
};

static int heap_init(struct heap *h)
{
    char *raw = mmap(NULL, 2 * CAGE_SIZE, PROT_NONE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

    if (raw == MAP_FAILED)
        return -1;
    h->base = (char *)(((uintptr_t)raw + CAGE_SIZE - 1) & ~(CAGE_SIZE - 1));
    h->top = h->base;
    return mprotect(h->base, COMMIT_SIZE, PROT_READ | PROT_WRITE);
}

static uint32_t heap_alloc(struct heap *h)
{
    uint32_t ref = (uint32_t)(h->top - h->base);     /* compressed reference */

    h->top += OBJECT_SIZE;
    return ref;
}

int main(void)
{
    struct heap heap;
    unsigned ok = 0;

    if (heap_init(&heap) != 0) {
        printf("cannot reserve the heap: %s\n", strerror(errno));
        return 1;
    }
    for (unsigned i = 0; i < 1000; i++) {
        uint32_t ref = heap_alloc(&heap);

        memcpy(heap.base + ref, &i, sizeof i);
        ok += memcmp(heap.base + ref, &i, sizeof i) == 0;
    }
    printf("heap ready: %u objects allocated and read back through 32-bit references\n", ok);
    return 0;
}
