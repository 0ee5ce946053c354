/*
 * The same denylist, correct for both x86-64 ABIs. Two rules from seccomp(2):
 * - take syscall numbers from this ABI's own headers (SYS_socket is 41 for
 *   x86-64 and 0x40000029 for x32), never from a table chosen by CPU name;
 * - after the arch check, decide on the x32 bit before comparing numbers:
 *   refuse every number from the numbering this program does not use. A
 *   64-bit program refuses nr >= 0x40000000; an x32 program refuses the rest.
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

#if defined(__x86_64__) && defined(__ILP32__)
/* x32: only numbers with the bit are ours; jump past the refusal if set */
#define OWN_NUMBERING BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, __X32_SYSCALL_BIT, 1, 0)
#else
/* x86-64: only numbers without the bit are ours; skip the refusal if clear */
#define OWN_NUMBERING BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, __X32_SYSCALL_BIT, 0, 1)
#endif

#define DENY(nr) \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), \
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM)

static int drop_privileges(void)
{
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        OWN_NUMBERING,
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
        DENY(SYS_socket),
        DENY(SYS_ptrace),
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
