/* The gdb stub's start-up and command loop.  A guest thread that stops
 * (SIGTRAP from a breakpoint or a step, or a signal the runner is about to
 * deliver) takes the stub's lock, stops the other threads, tells gdb why,
 * and serves packets on its own altstack until gdb resumes it. */
#include "gdb/stub/stub.h"
#include "core/core.h"
#include "syscalls/syscalls.h"
#include "base/raw_syscall.h"
#include "signals/signals.h"
#include "base/util.h"
#include <sys/syscall.h>
#include <time.h>

#define EFLAGS_TF 0x100

int gdb_active;
int gdb_attached;
extern void host_restorer(void);

static volatile int stub_owner; /* tid holding the stub, 0 when free */
static int first_stop_done;
static volatile int passing_tid; /* a thread delivering what gdb passed */

static int self_tid(void) { return (int)raw_syscall0(SYS_gettid); }

int gdb_owns_signal(int sig) { return gdb_active && (sig == SIGTRAP || sig == GDB_STOP_SIGNAL); }

static void lock_stub(ucontext_t *uc)
{
    int me = self_tid();
    int parked = 0;
    struct timespec tick = {0, 200 * 1000};
    /* A thread that waited is stopped as far as gdb knows: it may report
     * only once gdb lets every thread run, not while gdb steps one alone. */
    while ((parked && !gdb_others_may_run()) ||
           !__atomic_compare_exchange_n(&stub_owner, &(int){0}, me, 0, __ATOMIC_SEQ_CST,
                                        __ATOMIC_SEQ_CST)) {
        if (!parked) {
            gdb_thread_parked(me, uc); /* stopped already, as far as gdb goes */
            parked = 1;
        }
        raw_syscall2(SYS_nanosleep, &tick, 0);
    }
    if (parked)
        gdb_thread_unparked(me);
}

static void unlock_stub(void) { __atomic_store_n(&stub_owner, 0, __ATOMIC_SEQ_CST); }

static int kills(int sig)
{
    return sig != SIGCHLD && sig != SIGURG && sig != SIGWINCH && sig != SIGCONT &&
           sig != SIGSTOP && sig != SIGTSTP && sig != SIGTTIN && sig != SIGTTOU;
}

/* One stop of thread `me`, reported as signal sig; returns what to deliver. */
static int stop_and_serve(ucontext_t *uc, int sig, uint64_t bp_addr)
{
    int me = self_tid();
    lock_stub(uc);
    if (!gdb_active || (bp_addr && !gdb_bp_at(bp_addr, 0))) {
        /* gdb is gone, or removed this thread's breakpoint while it waited:
         * the rewound instruction just runs. */
        unlock_stub();
        return sig == SIGTRAP ? 0 : sig;
    }
    gdb_stop_others(me);
    /* The start-up stop is asked for with '?'; later ones answer a resume. */
    int deliver = gdb_serve(uc, me, gdb_signal_to_gdb(sig), first_stop_done);
    first_stop_done = 1;
    if (deliver && kills(deliver)) {
        struct thread_state *t = current_thread();
        uint32_t h = t->sighand->act[deliver].handler;
        if (h == (uint32_t)(uintptr_t)SIG_DFL) {
            gdb_put_code('X', gdb_signal_to_gdb(deliver));
        }
    }
    unlock_stub();
    return deliver;
}

static void sigtrap_handler(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    greg_t *g = uc->uc_mcontext.gregs;
    uint64_t pc = (uint64_t)g[REG_RIP], bp_addr = 0;
    if (!gdb_active || !on_guest_side(interrupted_at(current_thread(), uc))) {
        host_signal_handler(sig, si, ctx);
        return;
    }
    if (si->si_code == SI_KERNEL) { /* int3: ours, once ours, or the guest's */
        int internal = 0, b = gdb_bp_at(pc - 1, &internal);
        unsigned char now = 0;
        if (b || (gdb_mem_read(pc - 1, &now, 1) == 0 && now != 0xcc)) {
            g[REG_RIP] = (greg_t)(pc - 1); /* back onto the instruction */
            if (b && internal)
                gdb_bp_remove(pc - 1);
            else if (b)
                bp_addr = pc - 1; /* checked again once the stub is ours */
            else
                return; /* removed before this thread got here: just run it */
            si = 0;
        }
    } else if (si->si_code == TRAP_TRACE || si->si_code == TRAP_BRKPT) {
        g[REG_EFL] &= ~EFLAGS_TF;
        si = 0;
    }
    int deliver = stop_and_serve(uc, SIGTRAP, bp_addr);
    if (deliver) {
        siginfo_t info = {0};
        if (si)
            info = *si;
        info.si_signo = deliver;
        if (!si)
            info.si_code = SI_KERNEL;
        passing_tid = self_tid();
        host_signal_handler(deliver, &info, ctx);
        passing_tid = 0;
    }
}

int gdb_signal_stop(int sig, const siginfo_t *si, ucontext_t *uc)
{
    (void)si;
    if (!gdb_active || passing_tid == self_tid())
        return sig; /* reported already (sigtrap_handler passes it on) */
    return stop_and_serve(uc, sig, 0);
}

void gdb_report_exit(int status)
{
    if (!gdb_active)
        return;
    lock_stub(0);
    gdb_put_code('W', status & 0xff);
    gdb_active = 0;
    unlock_stub();
}

void gdb_forked_child(ucontext_t *uc)
{
    /* follow-fork-mode parent: the child runs free, without our breakpoints. */
    if (!gdb_active)
        return;
    gdb_bp_remove_all();
    gdb_active = 0;
    gdb_attached = 0;
    gdb_conn_close(); /* the parent's connection: not the child's to answer */
    uc->uc_mcontext.gregs[REG_EFL] &= ~EFLAGS_TF;
    gdb_restore_signal_actions();
}

/* SIGTRAP and the all-stop signal go to the stub's handlers while gdb is
 * there, and back to what the guest asked for when it leaves. */
static void install_handlers(void)
{
    struct kernel_sigaction k = {
        .handler = (void *)sigtrap_handler,
        .flags = SA_SIGINFO | SA_ONSTACK | SA_RESTORER,
        .restorer = (void *)host_restorer,
        .mask = ~0ULL,
    };
    raw_syscall4(SYS_rt_sigaction, SIGTRAP, &k, 0, 8);
    gdb_threads_install();
}

void gdb_restore_signal_actions(void)
{
    struct thread_state *t = current_thread();
    if (!t || !t->sighand)
        return;
    install_host_action(SIGTRAP, &t->sighand->act[SIGTRAP]);
    install_host_action(GDB_STOP_SIGNAL, &t->sighand->act[GDB_STOP_SIGNAL]);
}

void gdb_stub_attach(int fd, ucontext_t *uc, ucontext_t *handler_uc)
{
    gdb_conn_use_fds(fd, fd);
    gdb_set_exec_path(guest_exe_path());
    install_handlers();
    gdb_attached = 1;
    first_stop_done = 0; /* gdb_multi.c asks '?' for the attach's stop reply */
    gdb_active = 1;
    int deliver = stop_and_serve(uc, SIGSTOP, 0);
    if (deliver && deliver != SIGSTOP) {
        siginfo_t info = {0};
        info.si_signo = deliver;
        info.si_code = SI_KERNEL;
        host_signal_handler(deliver, &info, handler_uc);
    }
}

void gdb_stub_start(uint64_t entry, const char *exe)
{
    gdb_set_exec_path(exe);
    install_handlers();
    gdb_active = 1;
    if (gdb_bp_insert(entry, 1))
        die(126, "gdb stub: cannot place the start-up breakpoint at 0x%lx", (unsigned long)entry);
}

/* SIGTRAP (breakpoints, steps) and the all-stop signal belong to the stub while
 * gdb is attached: no guest action or mask may take them. */
static uint64_t owned_signals(void)
{
    return gdb_active ? (1ULL << (SIGTRAP - 1)) | (1ULL << (GDB_STOP_SIGNAL - 1)) : 0;
}

static void fork_child_free(struct thread_state *self, ucontext_t *uc)
{
    (void)self;
    gdb_forked_child(uc);
}

void gdb_install(void)
{
    /* follow-fork-mode parent: the child runs free of the parent's session. */
    static const struct fork_hooks session = {
        .name = "gdb's session", .policy = FORK_RESET, .child = fork_child_free,
    };
    debugger_hooks = (struct debugger_hooks){
        .attach_request = gdb_attach_request,
        .owned_signals = owned_signals,
        .signal_stop = gdb_signal_stop,
        .report_exit = gdb_report_exit,
    };
    fork_register(&session);
}
