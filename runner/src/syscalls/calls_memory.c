/* The memory family's handlers (rows in call_table.c): mappings stay below
 * 4 GiB and inside the virtual RLIMIT_AS (core/address_space.c), the main
 * stack's fixed mapping answers mprotect as a growing one would, and a shared
 * memory segment that lands above 4 GiB is detached again. */
#include "syscalls/emulation.h"
#include "loader/loader.h"
#include "base/raw_syscall.h"
#include "base/x32_abi.h"
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>

long call_mmap(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)t, (void)uc, (void)nr;
    return guest_mmap(ARG1(g), ARG2(g), ARG3(g), ARG4(g), ARG5(g), ARG6(g));
}

/* munmap: a range beyond the x32 task is the kernel's EINVAL. */
long call_munmap(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)uc;
    return guest_range_ok(ARG1(g), ARG2(g)) ? forward(t, (long)nr, g) : -EINVAL;
}

/* mprotect, madvise, msync, mbind: the kernel checks alignment before the range. */
long call_range_aligned(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)uc;
    long r;
    if (ARG1(g) & (X32_PAGE - 1))
        return -EINVAL;
    if (nr == SYS_mprotect && guest_stack_mprotect(ARG1(g), ARG2(g), ARG3(g), &r))
        return r;
    return guest_range_ok(ARG1(g), ARG2(g)) ? forward(t, (long)nr, g) : -ENOMEM;
}

/* mlock, munlock */
long call_range(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)uc;
    return guest_range_ok(ARG1(g), ARG2(g)) ? forward(t, (long)nr, g) : -ENOMEM;
}

long call_mremap(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)t, (void)uc, (void)nr;
    return guest_mremap(ARG1(g), ARG2(g), ARG3(g), ARG4(g), ARG5(g));
}

long call_brk(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)t, (void)uc, (void)nr;
    return guest_brk(ARG1(g));
}

long call_shmat(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)uc;
    long r = forward(t, (long)nr, g);
    if (!raw_failed(r) && !guest_range_ok((uint64_t)r, 1)) {
        raw_syscall1(SYS_shmdt, r);
        return -ENOMEM;
    }
    return r;
}

/* prlimit64 (pid, resource, new, old), setrlimit and getrlimit: RLIMIT_AS of this
 * process is the runner's virtual one. */
long call_rlimit(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)uc;
    if (nr == SYS_prlimit64) {
        if (ARG2(g) == RLIMIT_AS && (ARG1(g) == 0 || (long)ARG1(g) == raw_syscall0(SYS_getpid)))
            return guest_prlimit_as((const struct rlimit *)ARG3(g), (struct rlimit *)ARG4(g));
        return forward(t, (long)nr, g);
    }
    if (ARG1(g) == RLIMIT_AS)
        return guest_prlimit_as(nr == SYS_setrlimit ? (const struct rlimit *)ARG2(g) : 0,
                                nr == SYS_getrlimit ? (struct rlimit *)ARG2(g) : 0);
    return forward(t, (long)nr, g);
}
