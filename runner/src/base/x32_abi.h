/* x32 kernel ABI structures that differ from x86-64
 * (arch/x86/include/asm/sigframe.h, include/linux/compat.h). */
#ifndef X32RUN_X32_ABI_H
#define X32RUN_X32_ABI_H

#include <signal.h>
#include <stdint.h>
#include <sys/prctl.h>

#define X32_SYSCALL_BIT 0x40000000UL
#define X32_SIGINFO_SIZE 128

/* A real x32 task has TASK_SIZE = 0xFFFFE000: nothing of the guest may end
 * above it, so no object ends at 2^32 and no end pointer wraps to 0. */
#define X32_TASK_SIZE 0xFFFFE000ULL
/* 4 GiB: every guest address lies below it; the runner's own memory above. */
#define GUEST_LIMIT (1ULL << 32)
#define X32_PAGE 4096ULL

/* Syscall User Dispatch (Linux 5.11+), for C libraries whose headers predate
 * it: the prctl, its modes, and the si_code of a dispatch SIGSYS (<signal.h>
 * has it from glibc 2.41 on, so each is defined only where missing). */
#ifndef PR_SET_SYSCALL_USER_DISPATCH
#define PR_SET_SYSCALL_USER_DISPATCH 59
#endif
#ifndef PR_SYS_DISPATCH_OFF
#define PR_SYS_DISPATCH_OFF 0
#endif
#ifndef PR_SYS_DISPATCH_ON
#define PR_SYS_DISPATCH_ON 1
#endif
#ifndef SYS_USER_DISPATCH
#define SYS_USER_DISPATCH 2
#endif

/* The host kernel's struct sigaction for rt_sigaction (x86-64 layout), which
 * the runner uses for its own handlers and for the guest's SIG_DFL/SIG_IGN. */
struct kernel_sigaction {
    void *handler;
    unsigned long flags;
    void *restorer;
    uint64_t mask;
};

/* Private marker returned by safe_syscall when a signal arrived before the
 * call was made, or during a call the kernel restarts: the call has not
 * happened, so the guest's `syscall` is always re-run after delivery. */
#define ERESTARTSYS_MARK 512

struct x32_stack {
    uint32_t ss_sp;
    int32_t ss_flags;
    uint32_t ss_size;
};

struct x32_ucontext {
    uint32_t uc_flags;
    uint32_t uc_link;
    struct x32_stack uc_stack;
    uint32_t pad0;
    uint64_t gregs[23];      /* struct sigcontext: same order as REG_R8.. */
    uint64_t fpstate;
    uint64_t reserved1[8];
    uint64_t sigmask;
};

struct x32_rt_sigframe {
    uint64_t pretcode;       /* the x32 sa_restorer */
    struct x32_ucontext uc;
    unsigned char info[X32_SIGINFO_SIZE];
};

_Static_assert(sizeof(struct x32_ucontext) == 288, "x32 ucontext");
_Static_assert(__builtin_offsetof(struct x32_ucontext, gregs) == 24, "x32 mcontext");
_Static_assert(__builtin_offsetof(struct x32_rt_sigframe, info) == 296, "x32 siginfo");
_Static_assert(sizeof(struct x32_rt_sigframe) == 424, "x32 frame");

/* struct sigaction as x32 rt_sigaction reads it: 20 bytes, 4-byte aligned. */
struct x32_sigaction {
    uint32_t handler, flags, restorer;
    uint32_t mask_lo, mask_hi;
};

struct x32_iovec {
    uint32_t base, len;
};

/* siginfo.c */
void siginfo_to_x32(const siginfo_t *in, unsigned char out[X32_SIGINFO_SIZE]);
void siginfo_from_x32(const unsigned char in[X32_SIGINFO_SIZE], siginfo_t *out);

#endif
