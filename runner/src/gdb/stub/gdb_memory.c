/* Guest memory for gdb's m/M/X packets and breakpoints.  Reads go through
 * process_vm_readv on ourselves (/proc/self/mem for an execute-only page,
 * which it cannot read) and writes through /proc/self/mem: both come
 * back with an error on an unmapped page instead of faulting, and the latter
 * writes read-only text (where breakpoints go), as ptrace's POKETEXT does.
 * Only the guest's 4 GiB is reachable: the runner lives above it.  gdb sees
 * the program's own bytes where the rewrite fast path put a jump. */
#include "gdb/stub/stub.h"
#include "base/x32_abi.h"
#include "base/raw_syscall.h"
#include "fastpath/fastpath.h"
#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/uio.h>


static int in_guest(uint64_t addr, size_t n)
{
    return addr < GUEST_LIMIT && n <= GUEST_LIMIT - addr;
}

/* n bytes at addr through /proc/self/mem, read (pread64) or written
 * (pwrite64) as ptrace's PEEK and POKE would: 0, or -1. */
static int self_mem(long nr, uint64_t addr, const void *buf, size_t n)
{
    long fd = raw_syscall4(SYS_openat, AT_FDCWD, "/proc/self/mem",
                           (nr == SYS_pwrite64 ? O_RDWR : O_RDONLY) | O_CLOEXEC, 0);
    if (raw_failed(fd))
        return -1;
    long r = raw_syscall4(nr, fd, buf, n, addr);
    raw_syscall1(SYS_close, fd);
    return r == (long)n ? 0 : -1;
}

int gdb_mem_read(uint64_t addr, void *buf, size_t n)
{
    if (!in_guest(addr, n))
        return -1;
    if (!n)
        return 0;
    struct iovec local = {buf, n}, remote = {(void *)(uintptr_t)addr, n};
    long r = raw_syscall6(SYS_process_vm_readv, raw_syscall0(SYS_getpid), (long)&local, 1,
                          (long)&remote, 1, 0);
    /* An execute-only rewritten page (fastpath_xonly.c) has no VM_READ, which
     * process_vm_readv needs; /proc/self/mem reads it, as ptrace does. */
    if (r != (long)n && self_mem(SYS_pread64, addr, buf, n))
        return -1;
    if (fastpath_enabled)
        fastpath_original_view(addr, buf, n);
    return 0;
}

int gdb_mem_write(uint64_t addr, const void *buf, size_t n)
{
    if (!in_guest(addr, n))
        return -1;
    if (!n)
        return 0;
    if (fastpath_enabled)
        fastpath_unpatch_range(addr, n);
    return self_mem(SYS_pwrite64, addr, buf, n);
}
