/* Raw system calls for code that runs while the guest owns %fs.
 *
 * Once the x32 program has set its own TLS, glibc's syscall() wrapper would
 * store errno through %fs into the *guest's* thread block.  Every call the
 * runner makes after start-up therefore goes through these inline stubs,
 * which return -errno like the kernel does and touch no memory. */
#ifndef X32RUN_RAW_SYSCALL_H
#define X32RUN_RAW_SYSCALL_H

#ifdef X32RUN_FUZZ
/* The fuzz harnesses (runner/fuzz) answer system calls themselves: a
 * translator fed random guest memory must never reach the real kernel. */
long raw_syscall6(long nr, long a1, long a2, long a3, long a4, long a5, long a6);
#else
static inline long raw_syscall6(long nr, long a1, long a2, long a3, long a4,
                                long a5, long a6)
{
    long ret;
    register long r10 __asm__("r10") = a4;
    register long r8 __asm__("r8") = a5;
    register long r9 __asm__("r9") = a6;
    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "a"(nr), "D"(a1), "S"(a2), "d"(a3), "r"(r10), "r"(r8),
                       "r"(r9)
                     : "rcx", "r11", "memory");
    return ret;
}
#endif

#define raw_syscall0(n) raw_syscall6((n), 0, 0, 0, 0, 0, 0)
#define raw_syscall1(n, a) raw_syscall6((n), (long)(a), 0, 0, 0, 0, 0)
#define raw_syscall2(n, a, b) raw_syscall6((n), (long)(a), (long)(b), 0, 0, 0, 0)
#define raw_syscall3(n, a, b, c) \
    raw_syscall6((n), (long)(a), (long)(b), (long)(c), 0, 0, 0)
#define raw_syscall4(n, a, b, c, d) \
    raw_syscall6((n), (long)(a), (long)(b), (long)(c), (long)(d), 0, 0)
#define raw_syscall5(n, a, b, c, d, e) \
    raw_syscall6((n), (long)(a), (long)(b), (long)(c), (long)(d), (long)(e), 0)

/* A failed call returns a value in [-4095, -1]. */
static inline int raw_failed(long r) { return (unsigned long)r > -4096UL; }

#endif
