/* Robust futex lists for x32.  The kernel walks a dying thread's robust list
 * itself, but a native kernel would read x32's 4-byte list pointers as 8-byte
 * ones.  Two mechanisms replace it:
 *
 *  - on exit/exit_group the runner walks the x32 list itself, following the
 *    kernel's exit_robust_list/handle_futex_death;
 *  - for deaths the runner never sees (SIGKILL, fatal signals), the kernel
 *    is given a native *shadow* list: the node for a futex word at guest
 *    address F lives at shadow_base + F, so one futex_offset (-shadow_base)
 *    maps every node back to its futex.  The shadow is rebuilt from the x32
 *    list at every trapped system call, so it describes the locks held as of
 *    the thread's last system call (glibc takes robust locks without one). */
#include "core/address_space.h"
#include "core/threads.h"
#include "base/guest_mem.h"
#include "base/raw_syscall.h"
#include "core/trap.h"
#include "base/util.h"
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

struct native_robust_head {
    uint64_t next;
    int64_t futex_offset;
    uint64_t list_op_pending;
};

long sys_set_robust_list(struct thread_state *t, uint64_t head, uint64_t len)
{
    if (len != X32_ROBUST_HEAD_SIZE)
        return -EINVAL;
    t->robust_head = (uint32_t)head;
    uint64_t base = robust_shadow_base();
    if (base) {
        struct native_robust_head *n = (struct native_robust_head *)t->native_robust;
        n->next = (uint64_t)n;
        n->futex_offset = -(int64_t)base;
        n->list_op_pending = 0;
        raw_syscall2(SYS_set_robust_list, n, sizeof *n);
    }
    return 0;
}

void sync_robust_shadow(struct thread_state *t)
{
    uint64_t base = robust_shadow_base();
    if (!t->robust_head || !base)
        return;
    /* The head is read once: a futex_offset changing under the walk would
     * give each node a different one. */
    struct x32_robust_list_head head;
    copy_from_guest(&head, t->robust_head, sizeof head);
    const struct x32_robust_list_head *h = &head;
    struct native_robust_head *n = (struct native_robust_head *)t->native_robust;
    uint64_t *link = &n->next;
    uint32_t ptr = h->next; /* bit 0 of a pointer marks its target as PI */
    int limit = ROBUST_LIMIT;
    while ((ptr & ~1u) && (ptr & ~1u) != t->robust_head && limit--) {
        uint32_t entry = ptr & ~1u;
        uint64_t node = base + (uint32_t)(entry + (uint32_t)h->futex_offset);
        *link = node | (ptr & 1u);
        link = (uint64_t *)node;
        copy_from_guest(&ptr, entry, 4);
    }
    *link = (uint64_t)n;
    uint32_t pending = h->list_op_pending & ~1u;
    n->list_op_pending = pending ? base + (uint32_t)(pending + (uint32_t)h->futex_offset) : 0;
}

long sys_get_robust_list(struct thread_state *t, long pid, uint64_t head_ptr, uint64_t len_ptr)
{
    if (pid && pid != t->tid) {
        /* Other threads' registrations live in their own state.  The host kernel
         * still answers whether the thread exists (ESRCH) and may be inspected
         * (EPERM), as an x32 kernel would; a thread it would show us is EPERM. */
        uint64_t other_head, other_len;
        long r = raw_syscall3(SYS_get_robust_list, pid, (long)&other_head, (long)&other_len);
        return r < 0 ? r : -EPERM;
    }
    uint32_t head = t->robust_head, len = X32_ROBUST_HEAD_SIZE;
    copy_to_guest(head_ptr, &head, 4);
    copy_to_guest(len_ptr, &len, 4);
    return 0;
}

static void futex_owner_died(uint32_t addr, uint32_t tid)
{
    volatile uint32_t *word = (volatile uint32_t *)(uintptr_t)addr;
    uint32_t probe;
    if (!addr || (addr & 3) || try_copy_from_guest(&probe, addr, 4))
        return; /* the kernel's handle_futex_death skips a word it cannot read */
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

/* Like the kernel's exit_robust_list, the walk ends at the first pointer it
 * cannot read: a list can run through a mutex in a stack frame long gone
 * (libc-test's pthread-robust-detach), and the thread must still exit. */
void walk_robust_list(struct thread_state *t)
{
    if (!t->robust_head)
        return;
    struct x32_robust_list_head head;
    if (try_copy_from_guest(&head, t->robust_head, sizeof head)) {
        t->robust_head = 0;
        return;
    }
    const struct x32_robust_list_head *h = &head;
    uint32_t tid = (uint32_t)t->tid;
    uint32_t pending = h->list_op_pending & ~1u;
    uint32_t entry = h->next & ~1u;
    int limit = ROBUST_LIMIT;
    while (entry && entry != t->robust_head && limit--) {
        uint32_t next;
        long unreadable = try_copy_from_guest(&next, entry, 4);
        next &= ~1u;
        if (entry != pending)
            futex_owner_died(entry + (uint32_t)h->futex_offset, tid);
        if (unreadable) { /* as the kernel: this entry's word, then no more */
            t->robust_head = 0;
            return;
        }
        entry = next;
    }
    if (pending)
        futex_owner_died(pending + (uint32_t)h->futex_offset, tid);
    t->robust_head = 0;
}
