/* A pointer turned into a handle and back must come out unchanged, and the handle must
   equal the pointer's address. The fixed handle_from_pointer goes through uintptr_t, so
   this passes on x32 too, for a pointer at or above 2 GiB (asked for with an mmap hint;
   the stack, just below 4 GiB on x32, is the fallback). */
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include "planted.h"

int main(void)
{
    int on_stack = 0;
    void *p = mmap((void *)(uintptr_t)0x90000000u, 4096, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        p = &on_stack;
    uint64_t h = handle_from_pointer(p);
    if (h != (uint64_t)(uintptr_t)p) {
        fprintf(stderr, "handle 0x%llx of pointer %p is sign-extended\n",
                (unsigned long long)h, p);
        return 1;
    }
    printf("handle 0x%llx ok\n", (unsigned long long)h);
    return 0;
}
