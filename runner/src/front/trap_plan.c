/* The trap plan (trap_plan.h).  It lives in front/ because it reads the
 * environment with getenv, which only start-up code may do (the trap path has
 * no libc). */
#include "front/trap_plan.h"
#include "fastpath/fastpath.h"
#include "base/util.h"
#include <stdio.h>
#include <stdlib.h>

static struct trap_plan plan(enum trap_mode mode, const char *reason)
{
    struct trap_plan p = {.mode = mode};
    snprintf(p.reason, sizeof p.reason, "%s", reason);
    return p;
}

struct trap_plan plan_trap(long (*try_sud)(void))
{
    /* X32_RUN_TRAP: unset or "rewrite" (the default: SUD plus the fast path,
     * which falls back to SUD where it cannot rewrite), "sud" or "seccomp". */
    const char *want = getenv("X32_RUN_TRAP");
    int rewrite = !want || !want[0] || str_eq(want, "rewrite");
    if (!rewrite && !str_eq(want, "sud") && !str_eq(want, "seccomp"))
        die(126, "X32_RUN_TRAP=%s is not a trap mechanism: use rewrite (the default), sud "
                 "or seccomp", want);
    if (!rewrite && str_eq(want, "seccomp"))
        return plan(TRAP_SECCOMP, "X32_RUN_TRAP=seccomp asks for it");
    long r = try_sud();
    if (r) {
        struct trap_plan p = {.mode = TRAP_SECCOMP};
        snprintf(p.reason, sizeof p.reason, "syscall user dispatch is unavailable (error %ld; "
                 "it needs Linux 5.11+ with CONFIG_SYSCALL_USER_DISPATCH)", -r);
        return p;
    }
    if (!rewrite)
        return plan(TRAP_SUD, "X32_RUN_TRAP=sud asks for it: every call traps");
    const char *why;
    enum trap_mode m = fastpath_mode_here(&why);
    if (m == TRAP_SUD) {
        struct trap_plan p = {.mode = TRAP_SUD};
        snprintf(p.reason, sizeof p.reason, "the rewrite fast path cannot run here: %s", why);
        return p;
    }
    return plan(m, m == TRAP_REWRITE_FS
                       ? "the default; FSGSBASE is on, so programs own %gs: the hook finds "
                         "its block through %fs"
                       : "the default; FSGSBASE is off: the hook finds its block through %gs");
}
