/* The rewrite fast path and the program's %gs base.
 *
 * fastpath_entry.S finds its thread block through %gs: a patched site jumps
 * there with every guest register live and the guest's stack, and %gs is the
 * one per-thread anchor that costs nothing to read (an LDT or GDT selector
 * would do too, but many kernels and hypervisors refuse or ignore those: this
 * project's own CI host has neither).  So while the fast path runs, the real
 * base is the runner's, and the program's base is kept here:
 *
 * - ARCH_GET_GS reads the program's value: 0 in a fresh program, as on the
 *   kernel, or what it set; clone copies it to the new thread.
 * - ARCH_SET_GS retires the fast path for the whole process (every patched
 *   site gets its bytes back, none is patched again) and then sets the real
 *   base, so %gs-relative loads see the program's memory from then on.  The
 *   call never runs in the hook (fastpath_call_rewritable), whose exit reads
 *   %gs: it comes through a SIGSYS trap, whose handler finds its block by its
 *   stack.  Other threads keep the runner's base until their next call; none
 *   can enter the hook again, and the ones that set no base of their own get
 *   their program value back as they start (fastpath_thread_start).
 *
 * Only where the CPU and kernel leave FSGSBASE off: there rdgsbase and
 * wrgsbase fault, so arch_prctl is the program's one way to the base.  With
 * FSGSBASE on, the hook is entered through %fs instead and the real %gs base
 * stays the program's (fastpath_fs.c); these calls then go to the kernel. */
#include "fastpath/fastpath_internal.h"
#include "fastpath/fastpath_fs.h"
#include "base/guest_mem.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <errno.h>
#include <sys/syscall.h>

#define ARCH_SET_GS 0x1001
#define ARCH_GET_GS 0x1004

int fastpath_retired;

int fastpath_arch_prctl(struct thread_state *t, uint64_t code, uint64_t addr, long *result)
{
    if (fastpath_fs_mode)
        return 0; /* the real base is the program's (fastpath_fs.c) */
    int holds_block = t->fast.self == (uint64_t)t && !t->gs_taken;
    if (code == ARCH_GET_GS && holds_block) {
        /* The kernel writes a whole unsigned long, 8 bytes, for x32 too. */
        *result = try_copy_to_guest(addr, &t->gs_virtual, 8) ? -EFAULT : 0;
        return 1;
    }
    if (code != ARCH_SET_GS)
        return 0;
    if (!fastpath_retired) {
        fastpath_retired = 1;
        fastpath_unpatch_all();
        debug_log("rewrite fast path: retired, the program sets its own %%gs base");
    }
    long r = raw_syscall2(SYS_arch_prctl, ARCH_SET_GS, addr);
    if (r == 0) {
        t->gs_virtual = addr;
        t->gs_taken = 1;
    }
    *result = r;
    return 1;
}
