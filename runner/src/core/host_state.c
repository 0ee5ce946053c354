/* The host thread's own state as the kernel keeps it: its signal mask and the
 * size of the FP state in a signal frame (threads.h). */
#include "core/threads.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <signal.h>
#include <sys/syscall.h>

void set_host_mask(uint64_t m, uint64_t *old)
{
    raw_syscall4(SYS_rt_sigprocmask, SIG_SETMASK, &m, old, 8);
}

uint32_t fpstate_size(const void *fp)
{
    uint32_t magic, ext;
    mem_copy(&magic, (const char *)fp + 464, 4);
    mem_copy(&ext, (const char *)fp + 468, 4);
    if (magic == FP_XSTATE_MAGIC1 && ext >= 512 && ext <= FPSTATE_MAX)
        return ext;
    return 512;
}
