/*
 * A worker process drops privileges with a small seccomp denylist: no new
 * sockets, no ptrace. The policy table was generated for x86_64 and picked by
 * CPU name; the filter checks the audit arch, then compares syscall numbers.
 *
 * x32 reports the same audit arch (AUDIT_ARCH_X86_64) but numbers its
 * syscalls with bit 30 set (__X32_SYSCALL_BIT): 0x40000029 is x32's socket.
 * A filter that does not look at that bit denies the wrong set of numbers:
 * an x32 process sails past it, and a 64-bit process can reach every x32
 * entry point of an x32-enabled kernel with nr | 0x40000000.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef __X32_SYSCALL_BIT
#define __X32_SYSCALL_BIT 0x40000000
#endif

/* ---- policy table for x86_64 (from the generator's x86_64 syscall list) ---- */
#if defined(__x86_64__)
#define POLICY_ARCH AUDIT_ARCH_X86_64
#define NR_SOCKET 41
#define NR_PTRACE 101
#endif

#define DENY(nr) \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), \
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM)

static int drop_privileges(void)
{
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, POLICY_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        DENY(NR_SOCKET),
        DENY(NR_PTRACE),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = { .len = sizeof filter / sizeof filter[0], .filter = filter };

    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
}

static void report(const char *what, long rc)
{
    if (rc < 0 && errno == EPERM)
        printf("%s: denied\n", what);
    else
        printf("%s: passed the filter\n", what);     /* created a socket, or reached the kernel */
    if (rc >= 0)
        close((int)rc);
}

int main(void)
{
    /* This ABI's socket number, and the same call in the other x86-64 numbering. */
    long other_socket = SYS_socket ^ __X32_SYSCALL_BIT;

    if (drop_privileges() != 0) {
        printf("UNSUPPORTED: cannot install a seccomp filter here\n");
        return 0;
    }
    report("socket()", socket(AF_UNIX, SOCK_STREAM, 0));
    report("socket() in the other numbering", syscall(other_socket, AF_UNIX, SOCK_STREAM, 0));
    return 0;
}
