/* The x32 calls that carry a siginfo or a sigevent: rt_sigtimedwait,
 * rt_sigqueueinfo, rt_tgsigqueueinfo, waitid (x32's 128-byte compat siginfo,
 * siginfo.c) and timer_create, mq_notify (compat sigevent). */
#include "syscalls/emulation.h"
#include "base/guest_mem.h"
#include "base/raw_syscall.h"
#include "signals/signals.h"
#include "core/core.h"
#include "base/util.h"
#include "base/x32_abi.h"
#include "base/x32_syscalls.h"
#include <errno.h>
#include <signal.h>
#include <sys/syscall.h>

/* compat_sigevent: {u32 sigval; int signo; int notify; union at 12 (tid, or
 * u32 function + u32 attribute)}; native has an 8-byte sigval and the union
 * at 16.  glibc implements SIGEV_THREAD itself, so the kernel only sees
 * SIGNAL/NONE/THREAD_ID. */
static void sigevent_from_x32(uint64_t in, struct sigevent *out)
{
    uint32_t v[5];
    copy_from_guest(v, in, sizeof v);
    mem_set(out, 0, sizeof *out);
    out->sigev_value.sival_ptr = (void *)(uintptr_t)v[0];
    out->sigev_signo = (int)v[1];
    out->sigev_notify = (int)v[2];
    unsigned char *n = (unsigned char *)out;
    mem_copy(n + 16, &v[3], 4); /* _tid, or the low word of the thread pair */
    uint64_t fn = v[3], attr = v[4];
    if (out->sigev_notify == SIGEV_THREAD) {
        mem_copy(n + 16, &fn, 8);
        mem_copy(n + 24, &attr, 8);
    }
}

static void siginfo_out(uint64_t addr, const siginfo_t *si)
{
    unsigned char out[X32_SIGINFO_SIZE];
    siginfo_to_x32(si, out);
    copy_to_guest(addr, out, sizeof out);
}

long sys_siginfo_call(struct thread_state *t, unsigned long nr, const greg_t *g)
{
    volatile int *pend = &t->signal_pending;
    switch (nr) {
    case X32_NR_rt_sigtimedwait: { /* (set, info, timeout, sigsetsize) */
        siginfo_t si;
        uint64_t set = 0;
        /* The kernel gets the runner's copy of the set: the one looked at here. */
        if (ARG1(g) && ARG4(g) == 8) {
            copy_from_guest(&set, ARG1(g), 8);
            if (take_virtual_sigsys(t, set, &si)) {
                if (ARG2(g))
                    siginfo_out(ARG2(g), &si);
                return SIGSYS;
            }
        }
        long r = safe_syscall(pend, SYS_rt_sigtimedwait,
                              ARG1(g) && ARG4(g) == 8 ? (long)&set : (long)ARG1(g),
                              ARG2(g) ? (long)&si : 0, (long)ARG3(g), (long)ARG4(g), 0, 0);
        if (r > 0 && ARG2(g))
            siginfo_out(ARG2(g), &si);
        return r;
    }
    case X32_NR_rt_sigqueueinfo:     /* (pid, sig, info) */
    case X32_NR_rt_tgsigqueueinfo: { /* (tgid, tid, sig, info) */
        siginfo_t si;
        unsigned char in[X32_SIGINFO_SIZE];
        copy_from_guest(in, nr == X32_NR_rt_sigqueueinfo ? ARG3(g) : ARG4(g), sizeof in);
        siginfo_from_x32(in, &si);
        if (nr == X32_NR_rt_sigqueueinfo)
            return raw_syscall3(SYS_rt_sigqueueinfo, ARG1(g), ARG2(g), &si);
        return raw_syscall4(SYS_rt_tgsigqueueinfo, ARG1(g), ARG2(g), ARG3(g), &si);
    }
    case X32_NR_timer_create: { /* (clock, sigevent, timer_t *) */
        struct sigevent ev;
        if (ARG2(g))
            sigevent_from_x32(ARG2(g), &ev);
        return raw_syscall3(SYS_timer_create, ARG1(g), ARG2(g) ? &ev : 0, ARG3(g));
    }
    case X32_NR_mq_notify: { /* (mqd, sigevent) */
        struct sigevent ev;
        if (ARG2(g))
            sigevent_from_x32(ARG2(g), &ev);
        return raw_syscall2(SYS_mq_notify, ARG1(g), ARG2(g) ? &ev : 0);
    }
    case X32_NR_waitid: { /* (which, pid, info, options, rusage): rusage is native-sized */
        siginfo_t si;
        mem_set(&si, 0, sizeof si);
        long r = safe_syscall(pend, SYS_waitid, (long)ARG1(g), (long)ARG2(g),
                              ARG3(g) ? (long)&si : 0, (long)ARG4(g), (long)ARG5(g), 0);
        if (!raw_failed(r) && ARG3(g))
            siginfo_out(ARG3(g), &si);
        return r;
    }
    default:
        return -ENOSYS;
    }
}
