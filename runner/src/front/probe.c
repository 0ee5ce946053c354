/* What the host can do, for --probe and for choosing the default mode. */
#include "base/self_path.h"
#include "front/probe.h"
#include "fastpath/fastpath.h"
#include "core/core.h"
#include "front/trap_plan.h"
#include "host/host.h"
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
    if (!runner_path()) {
        snprintf(buf, cap, "x32-vm");
        return 0;
    }
    snprintf(self, sizeof self, "%s", runner_path());
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

/* --probe tries SUD without leaving it on (host/'s sud_available). */
static long probe_sud(void) { return sud_available() ? 0 : -ENOSYS; }

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
    }
    /* The plan a program started now would get: the same function, asked once. */
    fastpath_fs_reserve();
    struct trap_plan plan = plan_trap(probe_sud);
    printf("trap plan: %s (%s)\n", trap_mode_name(plan.mode), plan.reason);
    if (sud) {
        if (plan.mode == TRAP_SUD || plan.mode == TRAP_SECCOMP)
            printf("rewrite fast path: off: every call traps\n");
        else {
            printf("rewrite fast path: on (a system-call site is rewritten at its 4th trap and\n"
                   "      then calls the emulator without a signal; X32_RUN_TRAP=sud turns it off)\n");
            if (plan.mode == TRAP_REWRITE_FS)
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
