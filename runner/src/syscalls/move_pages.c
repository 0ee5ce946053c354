/* x32 move_pages: the page list is an array of u32 pointers, widened here. */
#include "syscalls/emulation.h"
#include "base/guest_mem.h"
#include "core/core.h"
#include <errno.h>
#include <sys/syscall.h>

/* (pid, count, u32 pages[], nodes, status, flags) */
long sys_move_pages(struct thread_state *t, const greg_t *g)
{
    uint64_t count = ARG2(g);
    if (count > 4096)
        return -E2BIG; /* keeps the widened array on the altstack */
    void *pages[4096];
    uint32_t chunk[256];
    for (uint64_t i = 0; i < count; i += 256) {
        uint64_t k = count - i < 256 ? count - i : 256;
        copy_from_guest(chunk, ARG3(g) + i * 4, k * 4);
        for (uint64_t j = 0; j < k; j++)
            pages[i + j] = (void *)(uintptr_t)chunk[j];
    }
    return safe_syscall(&t->signal_pending, SYS_move_pages, (long)ARG1(g), (long)count,
                        (long)pages, (long)ARG4(g), (long)ARG5(g), (long)ARG6(g));
}
