/* Prints runner/README.md's support table from the system-call table itself
 * (src/syscalls/call_table.c), so that the two cannot drift: every call whose
 * row does more than forward it, what x32-run does with it, and what it refuses.
 * Built from the runner's own objects by `make -C runner support-table`;
 * tests/docs checks that the README holds this output. */
#include "syscalls/emulation.h"
#include "syscalls/syscall_table.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char *errno_name(int e)
{
    switch (e) {
    case EPERM: return "EPERM";
    case EINVAL: return "EINVAL";
    case ENOSYS: return "ENOSYS";
    default: return "an errno";
    }
}

static void refusals(const struct refusal *f)
{
    for (const char *sep = ""; f; f = f->next, sep = "; ") {
        if (f->by_option)
            printf("%srefused for %s: %s (%s)", sep, f->option_name, errno_name(f->err), f->why);
        else
            printf("%srefused: %s (%s)", sep, errno_name(f->err), f->why);
    }
}

int main(void)
{
    int rows = 0, native_only = 0, refused = 0, handled = 0, redirected = 0;
    printf("| x32 call | number | what x32-run does |\n| --- | --- | --- |\n");
    for (unsigned long nr = 0; nr < CALL_TABLE_SIZE; nr++) {
        const struct call_row *r = &x32_call_rows[nr];
        const char *name = syscall_name(nr);
        if (r->facts & CALL_NATIVE_ONLY) {
            native_only++;
            continue;
        }
        int redirects = (r->facts & CALL_PATH_REDIRECTED) != 0;
        if (!r->handler && !r->refused && !redirects && !(r->facts & CALL_MEMORY))
            continue; /* forwarded unchanged: its row only feeds the trace or procfs */
        rows++;
        printf("| `%s` | %lu | ", name ? name : "?", nr);
        if (r->how)
            printf("%s", r->how);
        else if (redirects)
            printf("forwarded, its path redirected (the sysroot, -L, /proc/self/exe)");
        else if (r->facts & CALL_MEMORY)
            printf("forwarded; rewritten call sites in its range get their bytes back first");
        if (r->how && redirects)
            printf("; its path redirected");
        if (r->refused) {
            printf("%s", r->handler || redirects ? "; " : "");
            refusals(r->refused);
            refused++;
        }
        printf(" |\n");
        handled += r->handler != 0;
        redirected += redirects;
    }
    int x32_specific = X32_NR_LAST_SPECIFIC - X32_NR_FIRST_SPECIFIC + 1;
    printf("\n%d calls above have a row that does more than forward them (%d with a handler, "
           "%d with a redirected path, %d refused in some form). The %d numbers %d-%d are "
           "x32's own calls, each in the table above. Every other number up to %d that x32 "
           "has is forwarded unchanged: the x32 kernel runs the x86-64 handler for it too. "
           "%d numbers are x86-64's only (their x32 twins are among %d-%d): ENOSYS, as on "
           "an x32 kernel.\n",
           rows, handled, redirected, refused, x32_specific, X32_NR_FIRST_SPECIFIC,
           X32_NR_LAST_SPECIFIC, X32_NR_FIRST_SPECIFIC - 1, native_only, X32_NR_FIRST_SPECIFIC,
           X32_NR_LAST_SPECIFIC);
    return 0;
}
