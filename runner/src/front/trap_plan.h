/* The trap plan: how this run's guest calls reach the runner (core/trap.h's
 * enum trap_mode), and why.  Decided in one place, front/trap_plan.c, which
 * alone reads X32_RUN_TRAP; start-up and --probe both ask it, once each. */
#ifndef X32RUN_TRAP_PLAN_H
#define X32RUN_TRAP_PLAN_H

#include "core/core.h"

struct trap_plan {
    enum trap_mode mode;
    char reason[200];   /* one line: what asked for the mode, or what was missing */
};

/* try_sud turns Syscall User Dispatch on for this thread (start-up:
 * core's enable_syscall_dispatch) or only tries it (--probe), returning 0 or
 * -errno; it is called unless X32_RUN_TRAP=seccomp.  The rewrite modes also
 * need fastpath_fs_reserve to have run.  An unknown X32_RUN_TRAP ends the run
 * with one line: a typo must not quietly pick another mode. */
struct trap_plan plan_trap(long (*try_sud)(void));

#endif
