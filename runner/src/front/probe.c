/* What the host can do, for --probe and for choosing the default mode. */
#include "front/probe.h"
#include "fastpath/fastpath.h"
#include "fastpath/fastpath_xonly.h"
#include "fastpath/fastpath_fs.h"
#include "core/trap.h"
#include "front/trap_choice.h"
#include "base/raw_syscall.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <ucontext.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>

#ifndef PR_SET_SYSCALL_USER_DISPATCH
#define PR_SET_SYSCALL_USER_DISPATCH 59
#define PR_SYS_DISPATCH_OFF 0
#define PR_SYS_DISPATCH_ON 1
#endif

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
    long r = raw_syscall0(0x40000000L | SYS_getpid);
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

static int is_exec_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, X_OK) == 0;
}

static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

int find_x32_vm(char *buf, size_t cap)
{
    const char *env = getenv("X32_VM");
    if (env && *env) {
        snprintf(buf, cap, "%s", env);
        return is_exec_file(buf);
    }
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        snprintf(buf, cap, "x32-vm");
        return 0;
    }
    self[n] = 0;
    char *slash = strrchr(self, '/');
    if (slash)
        *slash = 0;
    snprintf(buf, cap, "%s/x32-vm", self);
    return is_exec_file(buf);
}

/* The guest kernel x32-vm would boot: $X32_VM_KERNEL, else PREFIX/share/x32-sdk/vm/
 * bzImage for x32-vm in PREFIX/bin or PREFIX/libexec/x32-sdk (x32-vm's own rule). */
static int find_vm_kernel(const char *vm, char *buf, size_t cap)
{
    const char *env = getenv("X32_VM_KERNEL");
    if (env && *env) {
        snprintf(buf, cap, "%s", env);
        return is_file(buf);
    }
    char dir[3900];
    snprintf(dir, sizeof dir, "%s", vm);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(dir, sizeof dir, ".");
    static const char *const ups[] = {"/..", "/../.."};
    for (unsigned i = 0; i < 2; i++) {
        snprintf(buf, cap, "%s%s/share/x32-sdk/vm/bzImage", dir, ups[i]);
        if (is_file(buf))
            return 1;
    }
    snprintf(buf, cap, "%s/../share/x32-sdk/vm/bzImage", dir);
    return 0;
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

/* QEMU as x32-vm starts it: $X32_VM_QEMU, else qemu-system-x86_64 in PATH. */
static int find_qemu(char *buf, size_t cap)
{
    const char *q = getenv("X32_VM_QEMU");
    const char *name = q && *q ? q : "qemu-system-x86_64";
    snprintf(buf, cap, "%s", name);
    if (strchr(name, '/'))
        return is_exec_file(buf);
    if (search_path(name, buf, cap, is_exec_file))
        return 1;
    snprintf(buf, cap, "%s", name);
    return 0;
}

static void print_vm_mode(void)
{
    char vm[3900], kernel[4096], qemu[4096];
    if (!find_x32_vm(vm, sizeof vm)) {
        printf("vm mode: unavailable (no x32-vm at %s; build it with ./build.sh vm%s)\n", vm,
               getenv("X32_VM") && *getenv("X32_VM") ? ", or fix X32_VM" : "");
        return;
    }
    if (!find_vm_kernel(vm, kernel, sizeof kernel)) {
        printf("vm mode: unavailable (x32-vm at %s, but no guest kernel at %s; "
               "build it with ./build.sh vm)\n", vm, kernel);
        return;
    }
    if (!find_qemu(qemu, sizeof qemu)) {
        printf("vm mode: unavailable (no %s; apt-get install qemu-system-x86)\n", qemu);
        return;
    }
    printf("vm mode: available (--mode vm runs programs on a real x32 kernel in QEMU: "
           "%s, kernel %s, %s)\n", vm, kernel, qemu);
}

int print_probe(const char *sysroot)
{
    struct utsname u;
    uname(&u);
    int x32 = kernel_runs_x32(), sud = sud_available();
    printf("kernel: %s %s %s\n", u.sysname, u.release, u.machine);
    printf("kernel x32 syscalls: %s\n", x32 ? "enabled" : "disabled (bit-30 syscall returns ENOSYS)");
    printf("syscall user dispatch: %s\n", sud ? "available" : "unavailable (needs Linux 5.11+ with CONFIG_SYSCALL_USER_DISPATCH)");
    printf("sysroot: %s\n", sysroot);
    if (x32)
        printf("mode: native (the kernel runs x32 programs itself)\n");
    if (sud) {
        if (x32)
            printf("user mode (--mode user): available\n");
        else
            printf("mode: user (x32 system calls are trapped with syscall user dispatch and emulated)\n");
        const char *why = fastpath_unavailable_reason();
        if (why)
            printf("rewrite fast path: unavailable (%s): every call traps\n", why);
        else if (trap_choice() != TRAP_CHOICE_REWRITE)
            printf("rewrite fast path: available, off (X32_RUN_TRAP=%s)\n", getenv("X32_RUN_TRAP"));
        else {
            printf("rewrite fast path: on (a system-call site is rewritten at its 4th trap and\n"
                   "      then calls the emulator without a signal; X32_RUN_TRAP=sud turns it off)\n");
            if (fastpath_fs_host())
                printf("rewrite %%gs base: the program's at all times (FSGSBASE is on, so programs\n"
                       "      use rdgsbase and wrgsbase: the hook finds its block through %%fs)\n");
            else
                printf("rewrite %%gs base: the program's as arch_prctl shows it (FSGSBASE is off,\n"
                       "      so arch_prctl, which x32-run answers, is a program's one way to it)\n");
            if (cpu_ospke())
                printf("rewrite visibility: as on the kernel: the %%gs base, /proc/self/maps, smaps,\n"
                       "      numa_maps and the code bytes (a rewritten page is execute-only, by\n"
                       "      protection key: a load from it, the program's or a system call's,\n"
                       "      puts the page's own bytes back); a read of /proc/self/mem\n"
                       "      still shows the rewrite\n");
            else
                printf("rewrite visibility: as on the kernel: the %%gs base, /proc/self/maps, smaps\n"
                       "      and numa_maps; not hidden: the rewritten code bytes, which a program\n"
                       "      that reads its own or libc's code sees (this CPU has no protection\n"
                       "      keys to make a page execute-only); X32_RUN_TRAP=sud runs such\n"
                       "      programs unchanged\n");
        }
    }
    else if (!x32)
        printf("mode: user, with the seccomp fallback (no syscall user dispatch: system calls\n"
               "      with the x32 bit are trapped by a seccomp filter; this sets no_new_privs,\n"
               "      so setuid programs started from x32 programs run without privileges)\n");
    print_vm_mode();
    return 0;
}
