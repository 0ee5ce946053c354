/* X32_RUN_TRAP, the trap mechanism the user asks for.  It lives apart from
 * core/trap.c because it reads the environment with getenv, which only
 * start-up code may do (the trap path has no libc). */
#include "front/trap_choice.h"
#include "base/util.h"
#include <stdlib.h>

/* X32_RUN_TRAP: unset or "rewrite" (the default: SUD plus the fast path,
 * which falls back to SUD where it cannot rewrite), "sud" or "seccomp".
 * Anything else ends the run: a typo must not quietly pick another mode. */
enum trap_choice trap_choice(void)
{
    const char *want = getenv("X32_RUN_TRAP");
    if (!want || !want[0] || str_eq(want, "rewrite"))
        return TRAP_CHOICE_REWRITE;
    if (str_eq(want, "sud"))
        return TRAP_CHOICE_SUD;
    if (str_eq(want, "seccomp"))
        return TRAP_CHOICE_SECCOMP;
    die(126, "X32_RUN_TRAP=%s is not a trap mechanism: use rewrite (the default), sud "
             "or seccomp", want);
}
