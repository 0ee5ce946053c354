/* runner_path (self_path.h). */
#include "base/self_path.h"
#include "base/raw_syscall.h"
#include <sys/syscall.h>

const char *runner_path(void)
{
    static char path[4096];
    static int state; /* 0 not read yet, 1 read, -1 unreadable */
    if (!state) {
        long n = raw_syscall3(SYS_readlink, "/proc/self/exe", path, sizeof path - 1);
        state = n > 0 ? 1 : -1;
        path[n > 0 ? n : 0] = 0;
    }
    return state > 0 ? path : 0;
}
