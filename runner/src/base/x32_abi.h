/* x32 kernel ABI structures that differ from x86-64
 * (arch/x86/include/asm/sigframe.h, include/linux/compat.h). */
#ifndef X32RUN_X32_ABI_H
#define X32RUN_X32_ABI_H

#include <stdint.h>

#define X32_SYSCALL_BIT 0x40000000UL
#define X32_SIGINFO_SIZE 128

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
#include <signal.h>
void siginfo_to_x32(const siginfo_t *in, unsigned char out[X32_SIGINFO_SIZE]);
void siginfo_from_x32(const unsigned char in[X32_SIGINFO_SIZE], siginfo_t *out);

#endif
