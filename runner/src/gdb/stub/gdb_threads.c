/* All-stop for gdb: when one guest thread stops (breakpoint, step, signal),
 * the others are sent GDB_STOP_SIGNAL and park in its handler, their guest
 * context kept for gdb's g/G; a resume releases them.  A thread that blocks
 * in a system call parks too: its guest context is then the trap frame's.
 * The table is indexed by slot; threads come and go through threads.c's list. */
#include "gdb/stub/stub.h"
#include "core/core.h"
#include "fastpath/fastpath.h"
#include "base/raw_syscall.h"
#include "signals/signals.h"
#include "base/util.h"
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>

#define MAX_THREADS 256

extern void host_restorer(void);
/* threads.c: the ids of this process's live guest threads. */
int guest_thread_ids(int *tids, int cap);

static struct gdb_thread tab[MAX_THREADS];
static volatile int generation;  /* bumped by every release */
static volatile int others_run;  /* the last release let parked threads go */
/* Each all-stop is an epoch; a stop request that arrives after its epoch was
 * released (it was sent while the thread had signals blocked) is stale. */
static volatile int stop_epoch, released_epoch;

static struct gdb_thread *slot(int tid, int create)
{
    struct gdb_thread *free_slot = 0;
    for (int i = 0; i < MAX_THREADS; i++) {
        if (tab[i].tid == tid)
            return &tab[i];
        if (!tab[i].tid && !free_slot)
            free_slot = &tab[i];
    }
    if (create && free_slot)
        free_slot->tid = tid;
    return create ? free_slot : 0;
}

void gdb_thread_parked(int tid, ucontext_t *uc)
{
    struct gdb_thread *s = slot(tid, 1);
    if (!s)
        return;
    s->uc = uc;
    __atomic_store_n(&s->parked, 1, __ATOMIC_SEQ_CST);
}

void gdb_thread_unparked(int tid)
{
    struct gdb_thread *s = slot(tid, 0);
    if (s) {
        __atomic_store_n(&s->parked, 0, __ATOMIC_SEQ_CST);
        s->uc = 0;
        s->tid = 0;
    }
}

int gdb_threads_generation(void) { return __atomic_load_n(&generation, __ATOMIC_SEQ_CST); }

void gdb_wait_generation(int seen)
{
    while (__atomic_load_n(&generation, __ATOMIC_SEQ_CST) == seen)
        raw_syscall6(SYS_futex, (long)&generation, FUTEX_WAIT, seen, 0, 0, 0);
}

static void stop_handler(int sig, siginfo_t *si, void *ctx)
{
    uint64_t v = (uint64_t)(uintptr_t)si->si_value.sival_ptr;
    if (si->si_code != SI_QUEUE || (v >> 32) != GDB_STOP_MARK) {
        host_signal_handler(sig, si, ctx); /* a SIGSTKFLT meant for the guest */
        return;
    }
    if ((int)(uint32_t)v <= __atomic_load_n(&released_epoch, __ATOMIC_SEQ_CST))
        return; /* that stop is over already */
    ucontext_t *uc = ctx;
    struct thread_state *t = current_thread();
    /* Stopped inside the runner (a blocking call): gdb sees the guest's
     * registers at its `syscall`, from the rewrite fast path's hook or the
     * SIGSYS frame. */
    ucontext_t *guest = on_guest_side(interrupted_at(t, uc)) ? 0 : guest_context_in_call(t, uc);
    if (guest)
        uc = guest;
    int tid = (int)raw_syscall0(SYS_gettid);
    gdb_thread_parked(tid, uc);
    for (;;) {
        int seen = gdb_threads_generation();
        gdb_wait_generation(seen);
        if (__atomic_load_n(&others_run, __ATOMIC_SEQ_CST))
            break;
    }
    gdb_thread_unparked(tid);
    fastpath_stop_done(t, uc);
}

void gdb_threads_install(void)
{
    struct kernel_sigaction k = {
        .handler = (void *)stop_handler,
        .flags = SA_SIGINFO | SA_ONSTACK | SA_RESTORER | SA_RESTART,
        .restorer = (void *)host_restorer,
        .mask = ~0ULL,
    };
    raw_syscall4(SYS_rt_sigaction, GDB_STOP_SIGNAL, &k, 0, 8);
}

int gdb_thread_list(int *tids, int cap) { return guest_thread_ids(tids, cap); }

int gdb_thread_alive(int tid)
{
    int tids[MAX_THREADS];
    int n = gdb_thread_list(tids, MAX_THREADS);
    for (int i = 0; i < n; i++)
        if (tids[i] == tid)
            return 1;
    return 0;
}

ucontext_t *gdb_thread_context(int tid)
{
    struct gdb_thread *s = slot(tid, 0);
    return s && s->parked ? s->uc : 0;
}

void gdb_stop_others(int self_tid)
{
    int tids[MAX_THREADS];
    int n = gdb_thread_list(tids, MAX_THREADS);
    long pid = raw_syscall0(SYS_getpid);
    __atomic_store_n(&others_run, 0, __ATOMIC_SEQ_CST);
    int epoch = __atomic_add_fetch(&stop_epoch, 1, __ATOMIC_SEQ_CST);
    for (int i = 0; i < n; i++) {
        struct gdb_thread *s = slot(tids[i], 0);
        if (tids[i] == self_tid || (s && s->parked))
            continue;
        siginfo_t si;
        mem_set(&si, 0, sizeof si);
        si.si_signo = GDB_STOP_SIGNAL;
        si.si_code = SI_QUEUE;
        si.si_pid = (int)pid;
        si.si_value.sival_ptr = (void *)(uintptr_t)((uint64_t)GDB_STOP_MARK << 32 | (uint32_t)epoch);
        raw_syscall4(SYS_rt_tgsigqueueinfo, pid, tids[i], GDB_STOP_SIGNAL, &si);
    }
    /* Wait up to a second for each to park (a thread busy in a runner handler
     * parks when that ends; one that exits meanwhile drops out of the list). */
    struct timespec tick = {0, 2 * 1000 * 1000};
    for (int round = 0; round < 500; round++) {
        int waiting = 0;
        n = gdb_thread_list(tids, MAX_THREADS);
        for (int i = 0; i < n; i++) {
            struct gdb_thread *s = slot(tids[i], 0);
            if (tids[i] != self_tid && !(s && s->parked))
                waiting = 1;
        }
        if (!waiting)
            return;
        raw_syscall2(SYS_nanosleep, &tick, 0);
    }
}

int gdb_others_may_run(void) { return __atomic_load_n(&others_run, __ATOMIC_SEQ_CST); }

void gdb_release_others(int run)
{
    if (run)
        __atomic_store_n(&released_epoch, stop_epoch, __ATOMIC_SEQ_CST);
    __atomic_store_n(&others_run, run, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&generation, 1, __ATOMIC_SEQ_CST);
    raw_syscall6(SYS_futex, (long)&generation, FUTEX_WAKE, 0x7fffffff, 0, 0, 0);
}
