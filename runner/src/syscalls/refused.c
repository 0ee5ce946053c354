/* The refused calls (refused.h).  Each reason says what would break if the call
 * went through; `--mode vm` runs such programs on a real x32 kernel instead. */
#include "base/x32_abi.h"
#include "syscalls/refused.h"
#include "base/x32_syscalls.h"
#include "fastpath/fastpath.h"
#include <errno.h>
#include <sys/syscall.h>

#define PR_SET_SECCOMP 22
#define ARCH_MAP_VDSO_X32 0x2001
#define ARCH_SHSTK_ENABLE 0x5001

#define ALWAYS(n, e, w) {.nr = (n), .err = (e), .why = (w)}
#define OPTION(n, o, e, w) {.nr = (n), .by_option = 1, .option = (o), .err = (e), .why = (w)}

static const struct refusal table[] = {
    OPTION(SYS_prctl, PR_SET_SYSCALL_USER_DISPATCH, EINVAL,
           "the runner owns syscall user dispatch"),
    OPTION(SYS_prctl, PR_SET_SECCOMP, EINVAL, "guest seccomp filters would judge the runner"),
    OPTION(SYS_arch_prctl, ARCH_MAP_VDSO_X32, EINVAL, "ARCH_MAP_VDSO_X32"),
    OPTION(SYS_arch_prctl, ARCH_SHSTK_ENABLE, EINVAL,
           "shadow stacks conflict with signal frame rewriting"),
    ALWAYS(SYS_seccomp, EINVAL, "guest seccomp filters would judge the runner"),
    ALWAYS(SYS_io_uring_setup, ENOSYS, "io_uring rings would carry compat iovecs/msghdrs"),
    ALWAYS(X32_NR_ptrace, EPERM, "ptrace from x32 debuggers is not emulated"),
    ALWAYS(X32_NR_kexec_load, EPERM, "kexec_load"),
};

const struct refusal refused_no_such_call = ALWAYS(0, ENOSYS, "no such x32 system call");
const struct refusal refused_native_only =
    ALWAYS(0, ENOSYS, "a native-only number; x32 uses its 512-547 twin");
const struct refusal refused_no_translator =
    ALWAYS(0, ENOSYS, "no translator for this x32 system call");

const struct refusal *refused_call(unsigned long nr, uint64_t arg1)
{
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++) {
        const struct refusal *f = &table[i];
        if (f->nr != nr || (f->by_option && f->option != arg1) ||
            (f->fastpath_only && !fastpath_enabled))
            continue;
        return f;
    }
    return 0;
}
