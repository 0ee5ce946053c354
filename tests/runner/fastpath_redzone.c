/* fastpath_redzone: a leaf function keeps live values in its red zone (the
 * 128 bytes below %rsp) and in xmm0/xmm8 across an inline `syscall`; none
 * may change, %rcx must hold the return address as the kernel leaves it, and
 * the result must be right, on every call.  With the rewrite fast path the
 * site must also have been rewritten after its first traps (else the fast
 * path was not tested at all); with X32_RUN_TRAP=sud it must not. */
#include "check.h"
#include "fastpath_site.h"

int main(void)
{
    long long out[5];
    long want = (long)getppid();
    for (int i = 0; i < 2000; i++) {
        memset(out, 0, sizeof out);
        site_leaf(out);
        if (!CHECK_EQ(out[0], want) || !CHECK_EQ(out[1], (long long)(uintptr_t)(site_mov + 7)) ||
            !CHECK_EQ(out[2], 0) || !CHECK_EQ(out[3], SITE_XMM) || !CHECK_EQ(out[4], SITE_XMM))
            break;
    }
    site_state_ok();
    return check_done();
}
