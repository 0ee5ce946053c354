/* Threads and processes.
 *
 * Syscall User Dispatch is per thread and is cleared by fork, clone and
 * execve, so every new task re-arms it.  A CLONE_VM child must never share
 * the parent's runner altstack (the parent's SIGSYS frame lives there), so it
 * gets a fresh thread_state block and starts with rt_sigreturn on a copy of
 * the parent's trap context: that restores all guest registers and the FP
 * state at once, with rax = 0 and the guest's new stack pointer. */
#include "core/threads.h"
#include "core/address_space.h"
#include "core/fork.h"
#include "core/hooks.h"
#include "core/trap.h"
#include "base/raw_syscall.h"
#include "base/spinlock.h"
#include "base/util.h"
#include <errno.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>

enum { T_FREE = 0, T_ALIVE = 1, T_EXITED = 2 };

static struct thread_state *all_threads;
/* Fork policy: reset in the child (clone_process), whose other threads are gone. */
static int threads_lock;
int guest_vm_shared;

static void lock(void) { spin_lock(&threads_lock); }
static void unlock(void) { spin_unlock(&threads_lock); }

static int reusable(struct thread_state *t)
{
    if (t->alive == T_FREE)
        return 1;
    /* An exited thread may still be on its altstack until the kernel has
     * really removed it; ESRCH proves it is gone. */
    return t->alive == T_EXITED &&
           raw_syscall3(SYS_tgkill, t->tgid, t->tid, 0) == -ESRCH;
}

/* Clears a block for a new thread.  Its `alive` must never read T_FREE while the
 * block is in the list (another thread_alloc would take it too, and two threads
 * would share one altstack): callers run this under the lock, or before linking. */
static void reset_block(struct thread_state *t, int fresh)
{
    struct thread_state *keep = t->next_thread;
    /* A fresh block is new anonymous memory, zero already: writing its 12 KiB
     * of zeros would only fault its pages in (a hello world's start paid 3). */
    if (!fresh)
        mem_set(t, 0, __builtin_offsetof(struct thread_state, start_uc));
    t->next_thread = keep;
    t->alive = T_ALIVE;
    t->ss_flags = SS_DISABLE;
}

struct thread_state *thread_alloc(void)
{
    struct thread_state *t;
    lock();
    for (t = all_threads; t; t = t->next_thread)
        if (reusable(t))
            break;
    if (t)
        reset_block(t, 0);
    unlock();
    if (!t) {
        t = runner_alloc(ALTSTACK_SIZE, ALTSTACK_SIZE);
        if (!t)
            return 0;
        t->next_thread = 0;
        reset_block(t, 1);
        lock();
        t->next_thread = all_threads;
        all_threads = t;
        unlock();
    }
    return t;
}

void thread_install_altstack(struct thread_state *t)
{
    stack_t ss = {.ss_sp = t, .ss_flags = 0, .ss_size = ALTSTACK_SIZE};
    raw_syscall2(SYS_sigaltstack, &ss, 0);
}

void thread_child_main(struct thread_state *c)
{
    c->tid = (int)raw_syscall0(SYS_gettid);
    c->tgid = (int)raw_syscall0(SYS_getpid);
    thread_install_altstack(c);
    if (fastpath_hooks.thread_start)
        fastpath_hooks.thread_start(c); /* the inherited %gs names the parent's block,
                                         * or (fastpath_fs.c) lists c under its %fs */
    enable_syscall_dispatch();
    resume_with_sigreturn(&c->start_uc);
}

static long clone_process(struct thread_state *t, ucontext_t *uc, uint64_t flags,
                          uint64_t newsp, uint64_t ptid, uint64_t ctid, uint64_t tls)
{
    /* Each floor's state, by the policy it registered (core/fork.h). */
    fork_prepare();
    long r = raw_syscall5(SYS_clone, flags, 0, ptid, ctid, tls);
    if (r != 0) {
        fork_parent();
        return r;
    }
    /* The child: a copy of this trap, on a copy of the altstack.  core's own
     * state first, then the floors above (which may walk the thread list). */
    threads_lock = 0;
    address_space_after_fork();
    t->tid = (int)raw_syscall0(SYS_gettid);
    t->tgid = (int)raw_syscall0(SYS_getpid);
    fork_child(t, uc);
    for (struct thread_state *o = all_threads; o; o = o->next_thread)
        if (o != t)
            o->alive = T_FREE; /* those threads do not exist in the child */
    t->pending_set = 0;
    t->signal_pending = 0;
    t->robust_head = 0; /* the kernel does not inherit it either */
    enable_syscall_dispatch();
    if (newsp)
        uc->uc_mcontext.gregs[REG_RSP] = (greg_t)newsp;
    return 0;
}

long emulate_clone(struct thread_state *t, ucontext_t *uc, uint64_t flags,
                   uint64_t newsp, uint64_t ptid, uint64_t ctid, uint64_t tls)
{
    if (!(flags & CLONE_VM))
        return clone_process(t, uc, flags, newsp, ptid, ctid, tls);

    struct thread_state *c = thread_alloc();
    if (!c)
        return -EAGAIN;
    /* From now on another task may run the program's code while a site is
     * rewritten (fastpath_poke.c); a vfork child runs while its parent waits. */
    if (!(flags & CLONE_VFORK))
        __atomic_store_n(&guest_vm_shared, 1, __ATOMIC_RELEASE);
    if (flags & CLONE_SIGHAND) {
        c->sighand = t->sighand;
    } else {
        c->own_sighand = *t->sighand;
        c->sighand = &c->own_sighand;
    }
    /* The kernel keeps the altstack only for vfork-style children. */
    if (flags & CLONE_VFORK) {
        c->ss_sp = t->ss_sp;
        c->ss_size = t->ss_size;
        c->ss_flags = t->ss_flags;
    }
    c->sigsys_blocked = t->sigsys_blocked;
    c->gs_virtual = t->gs_virtual; /* clone copies the %gs base */
    c->gs_taken = t->gs_taken;
    mem_copy(&c->start_uc, uc, sizeof *uc);
    greg_t *g = c->start_uc.uc_mcontext.gregs;
    g[REG_RAX] = 0;
    if (newsp)
        g[REG_RSP] = (greg_t)newsp;
    if (uc->uc_mcontext.fpregs) {
        mem_copy(c->start_fpstate, uc->uc_mcontext.fpregs,
                 fpstate_size(uc->uc_mcontext.fpregs));
        c->start_uc.uc_mcontext.fpregs = (fpregset_t)c->start_fpstate;
    }
    c->start_uc.uc_stack.ss_sp = c;
    c->start_uc.uc_stack.ss_size = ALTSTACK_SIZE;
    c->start_uc.uc_stack.ss_flags = 0;

    /* The child must not take a signal before its altstack and SUD exist;
     * it gets the guest's mask from start_uc. */
    uint64_t old;
    struct rlimit as_limit;
    guest_as_limit_save(&as_limit);
    set_host_mask(~0ULL, &old);
    int before = fastpath_hooks.before_clone ? fastpath_hooks.before_clone(t, flags, c) : 0;
    long r = clone_with_child_entry(flags, (uint64_t)c + ALTSTACK_SIZE, ptid, ctid, tls, c);
    if (fastpath_hooks.after_clone)
        fastpath_hooks.after_clone(t, flags, r, before);
    set_host_mask(old, 0);
    if (raw_failed(r) || (flags & CLONE_VFORK)) {
        /* A vfork child has exec'd or exited by now: its block is free, and what
         * it did to the process-wide virtual state is undone for the parent. */
        c->alive = T_FREE;
        guest_as_limit_restore(&as_limit);
    }
    return r;
}

/* clone3's struct clone_args has only u64 fields, so x32 uses the native
 * layout; it maps onto the clone() path.  What clone() cannot express
 * (set_tid, cgroups, pidfd together with CLONE_PARENT_SETTID) gets ENOSYS,
 * on which glibc falls back to clone() itself. */
long emulate_clone3(struct thread_state *t, ucontext_t *uc, uint64_t args_ptr, uint64_t size)
{
    uint64_t a[11] = {0}; /* flags pidfd child_tid parent_tid exit_signal stack
                             stack_size tls set_tid set_tid_size cgroup */
    if (size < 64 || size > 4096)
        return -EINVAL;
    mem_copy(a, (const void *)args_ptr, size < sizeof a ? size : sizeof a);
    uint64_t flags = a[0], exit_signal = a[4], stack = a[5], stack_size = a[6];
    if (a[8] || a[9] || (flags & 0x200000000ULL /* CLONE_INTO_CGROUP */) ||
        ((flags & CLONE_PIDFD) && (flags & CLONE_PARENT_SETTID)) ||
        (flags & 0xffffffff00000000ULL) || exit_signal > 64 || (flags & 0xff))
        return -ENOSYS;
    uint64_t ptid = (flags & CLONE_PIDFD) ? a[1] : a[3];
    uint64_t newsp = stack ? stack + stack_size : 0;
    return emulate_clone(t, uc, flags | exit_signal, newsp, ptid, a[2], a[7]);
}

/* Only this process's threads: the list also holds the blocks of a vfork
 * parent (suspended, sharing our memory), whose robust locks its vfork child's
 * _exit must not release. */
void walk_all_robust_lists(int tgid)
{
    for (struct thread_state *o = all_threads; o; o = o->next_thread)
        if (o->alive == T_ALIVE && o->tgid == tgid)
            walk_robust_list(o);
}

void emulate_thread_exit(struct thread_state *t, long status)
{
    walk_robust_list(t);
    if (fastpath_hooks.thread_exit)
        fastpath_hooks.thread_exit(t);
    t->alive = T_EXITED;
    for (;;)
        raw_syscall1(SYS_exit, status);
}

/* The gdb stub's thread list (gdb_threads.c): this process's live threads. */
int guest_thread_ids(int *tids, int cap)
{
    int n = 0, tgid = (int)raw_syscall0(SYS_getpid);
    for (struct thread_state *o = all_threads; o && n < cap; o = o->next_thread)
        if (o->alive == T_ALIVE && o->tgid == tgid && o->tid)
            tids[n++] = o->tid;
    return n;
}

struct thread_state *thread_list(void) { return all_threads; }
