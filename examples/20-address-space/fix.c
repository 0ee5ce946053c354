/*
 * The same compressed-reference heap, with the reservation sized by the
 * address space the ABI has. With 64-bit pointers the 4 GiB cage is cheap
 * virtual memory; on an ILP32 ABI (x32, i386) the whole process has at most
 * 4 GiB, pointers are already 32 bits, and a 256 MiB cage keeps the same
 * code and the same reference format. Test the data model (SIZE_MAX,
 * UINTPTR_MAX), not the CPU, and never assume more than ~3 GiB of address
 * space is available to an x32 process in total.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#if UINTPTR_MAX > UINT32_MAX
#define CAGE_SIZE ((uintptr_t)1 << 32)
#else
#define CAGE_SIZE ((uintptr_t)256 << 20)
#endif
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
