/* What this host's kernel offers and where its programs are (host.h): asked by
 * --probe, --register, the default mode and x32-run --tree. */
#include "host/host.h"
#include "base/raw_syscall.h"
#include "base/x32_abi.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <ucontext.h>


/* If a seccomp filter (say, an x32-run further up, in its fallback mode)
 * traps the probe, report ENOSYS instead of dying of SIGSYS. */
static void probe_trapped(int sig, siginfo_t *si, void *ctx)
{
    (void)sig;
    (void)si;
    ((ucontext_t *)ctx)->uc_mcontext.gregs[REG_RAX] = -ENOSYS;
}

int kernel_runs_x32(void)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = probe_trapped;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSYS, &sa, &old);
    /* getpid with the x32 bit: a kernel without x32 says ENOSYS. */
    long r = raw_syscall0((long)X32_SYSCALL_BIT | SYS_getpid);
    sigaction(SIGSYS, &old, 0);
    return r == raw_syscall0(SYS_getpid);
}

int sud_available(void)
{
    /* Exempt the whole address space, so turning it on traps nothing. */
    long r = raw_syscall5(SYS_prctl, PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_ON, 0,
                          1UL << 47, 0);
    if (r != 0)
        return 0;
    raw_syscall5(SYS_prctl, PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_OFF, 0, 0, 0);
    return 1;
}

int search_path(const char *name, char *buf, size_t cap, int (*ok)(const char *))
{
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        size_t len = strcspn(path, ":");
        if (len && (size_t)snprintf(buf, cap, "%.*s/%s", (int)len, path, name) < cap && ok(buf))
            return 1;
        path += len;
        if (*path == ':')
            path++;
    }
    return 0;
}

int binfmt_rule(char *buf, size_t cap, const char *name, const char *interp)
{
    /* e_ident: ELF, ELFCLASS32, little-endian, version 1; e_type EXEC or DYN
     * (mask 0xfffe); e_machine EM_X86_64 (0x3e) at offset 18. */
    static const char magic[] =
        "\\x7fELF\\x01\\x01\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x02\\x00\\x3e\\x00";
    static const char mask[] =
        "\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\xfe\\xff\\xff\\xff";
    int n = snprintf(buf, cap, ":%s:M::%s:%s:%s:POF", name, magic, mask, interp);
    return n > 0 && (size_t)n < cap ? n : -1;
}
