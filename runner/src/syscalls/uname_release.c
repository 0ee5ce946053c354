/* uname's release under -r (uname_release.h).  Trap-path code: it runs inside the
 * rewrite fast path's hook, so it lives here rather than with the option parsing. */
#include "syscalls/uname_release.h"
#include "base/util.h"

static const char *release;

void uname_release_set(const char *r) { release = r; }

const char *uname_release(void) { return release; }

void uname_release_apply(char *utsname)
{
    /* struct utsname: six char[65] fields; release is the third. */
    if (!release)
        return;
    char *field = utsname + 2 * 65;
    size_t n = str_len(release);
    if (n > 64)
        n = 64;
    mem_copy(field, release, n);
    field[n] = 0;
}
