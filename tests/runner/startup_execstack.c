/* startup_execstack: a program marked as needing an executable stack
 * (PT_GNU_STACK with PF_X) gets one: a GCC nested-function trampoline,
 * which lives on the stack, can be called. */
// build: -Wl,-z,execstack
#include "check.h"

static int apply(int (*fn)(int), int v) { return fn(v); }

int main(void)
{
    int base = 40;
    int add_base(int x) { return x + base; }    /* needs a trampoline */
    CHECK_EQ(apply(add_base, 2), 42);
    base = 100;
    CHECK_EQ(apply(add_base, 1), 101);
    return check_done();
}
