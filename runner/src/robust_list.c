/* Robust futex lists for x32.  The kernel walks a dying thread's robust list
 * itself, but a native kernel would read x32's 4-byte list pointers as 8-byte
 * ones.  So the runner keeps the registration and does the walk in user space
 * when a guest thread exits through exit/exit_group (not when it is killed by
 * a signal), following the kernel's exit_robust_list/handle_futex_death. */
#include "emulation.h"
#include "raw_syscall.h"
#include "trap.h"
#include "util.h"
#include <errno.h>
#include <linux/futex.h>
#include <sys/syscall.h>

#define X32_ROBUST_HEAD_SIZE 12
#define ROBUST_LIMIT 2048

struct x32_robust_list_head {
    uint32_t next;          /* struct robust_list *list.next */
    int32_t futex_offset;
    uint32_t list_op_pending;
};

long sys_set_robust_list(struct thread_state *t, uint64_t head, uint64_t len)
{
    if (len != X32_ROBUST_HEAD_SIZE)
        return -EINVAL;
    t->robust_head = (uint32_t)head;
    return 0;
}

long sys_get_robust_list(struct thread_state *t, long pid, uint64_t head_ptr, uint64_t len_ptr)
{
    if (pid && pid != t->tid)
        return -EPERM; /* other threads' registrations live in their own state */
    uint32_t head = t->robust_head, len = X32_ROBUST_HEAD_SIZE;
    mem_copy((void *)head_ptr, &head, 4);
    mem_copy((void *)len_ptr, &len, 4);
    return 0;
}

static void futex_owner_died(uint32_t addr, uint32_t tid)
{
    volatile uint32_t *word = (volatile uint32_t *)(uintptr_t)addr;
    if (!addr || (addr & 3))
        return;
    for (;;) {
        uint32_t v = *word;
        if ((v & FUTEX_TID_MASK) != tid)
            return;
        uint32_t nv = (v & FUTEX_WAITERS) | FUTEX_OWNER_DIED;
        if (__atomic_compare_exchange_n(word, &v, nv, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
            if (v & FUTEX_WAITERS)
                raw_syscall6(SYS_futex, (long)word, FUTEX_WAKE, 1, 0, 0, 0);
            return;
        }
    }
}

void walk_robust_list(struct thread_state *t)
{
    if (!t->robust_head)
        return;
    const struct x32_robust_list_head *h =
        (const struct x32_robust_list_head *)(uintptr_t)t->robust_head;
    uint32_t tid = (uint32_t)t->tid;
    uint32_t pending = h->list_op_pending & ~1u;
    uint32_t entry = h->next & ~1u;
    int limit = ROBUST_LIMIT;
    while (entry && entry != t->robust_head && limit--) {
        uint32_t next = *(const uint32_t *)(uintptr_t)entry & ~1u;
        if (entry != pending)
            futex_owner_died(entry + (uint32_t)h->futex_offset, tid);
        entry = next;
    }
    if (pending)
        futex_owner_died(pending + (uint32_t)h->futex_offset, tid);
    t->robust_head = 0;
}
