/* misc_native_syscall_numbers: the system-call number space as the kernel
 * defines it for x32: numbers with bit 30 are x32 calls; the same call
 * without bit 30 is the native x86-64 call (still allowed); x86-64-only
 * numbers with bit 30 (e.g. 16, native ioctl) and numbers past the table
 * return ENOSYS. */
#include "check.h"

static long raw0(long nr)
{
    long ret;
    __asm__ volatile("syscall" : "=a"(ret) : "a"(nr) : "rcx", "r11", "memory");
    return ret;
}

int main(void)
{
#if IS_X32
    long x32 = 0x40000000L;
    CHECK_EQ(raw0(x32 | 39), getpid());          /* x32 getpid */
    CHECK_EQ(raw0(39), getpid());                /* native getpid works too */
    CHECK_EQ(raw0(x32 | 110), getppid());        /* getppid */
    CHECK_EQ(raw0(x32 | 16), -ENOSYS);           /* 64-bit ioctl slot: not for x32 */
    CHECK_EQ(raw0(x32 | 19), -ENOSYS);           /* 64-bit readv slot */
    CHECK_EQ(raw0(x32 | 600), -ENOSYS);          /* past the table */
    CHECK_EQ(raw0(x32 | 548), -ENOSYS);
#else
    CHECK_EQ(raw0(39), getpid());
    CHECK_EQ(raw0(110), getppid());
    CHECK_EQ(raw0(0x40000000L | 39), -ENOSYS);   /* no x32 on this side */
    CHECK_EQ(raw0(1000), -ENOSYS);
#endif
    return check_done();
}
