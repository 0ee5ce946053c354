/* The x32 system call emulator.  Most calls are "common": the x32 kernel
 * runs the native handler, so stripping X32_SYSCALL_BIT and forwarding the
 * six registers unchanged is exact (x32 glibc zero-extends pointers).  The
 * rest are dispatched here to translators. */
#include "core/core.h"
#include "loader/loader.h"
#include "syscalls/emulation.h"
#include "fastpath/fastpath.h"
#include "base/guest_mem.h"
#include "syscalls/paths.h"
#include "syscalls/refused.h"
#include "procfs/procfs.h"
#include "syscalls/uname_release.h"
#include "base/raw_syscall.h"
#include "signals/signals.h"
#include "syscalls/syscall_table.h"
#include "base/util.h"
#include "base/x32_abi.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>

long forward(struct thread_state *t, long nr, const greg_t *g)
{
    return safe_syscall(&t->signal_pending, nr, (long)ARG1(g), (long)ARG2(g),
                        (long)ARG3(g), (long)ARG4(g), (long)ARG5(g), (long)ARG6(g));
}

/* A refused call (refused.c's table): named under X32_RUN_DEBUG=1. */
static long refuse(unsigned long nr, const struct refusal *f)
{
    const char *name = syscall_name(nr);
    debug_log("unsupported: %s (x32 syscall %lu): %s", name ? name : "?", nr, f->why);
    return -f->err;
}

/* The calls with a path argument, the one list for redirection and for
 * X32_RUN_TRACE: which argument (1-based) is the path, 0 for none.  *redirected
 * says whether the sysroot, -L and /proc/self/exe redirection applies; the rest
 * are only shown by the trace (nothing creates or removes files in the sysroot,
 * and execve redirects its own path in execve.c). */
static int path_arg(unsigned long nr, int *redirected)
{
    *redirected = 1;
    switch (nr) {
    case SYS_open: case SYS_stat: case SYS_lstat: case SYS_access: case SYS_readlink:
        return 1;
    case SYS_openat: case SYS_newfstatat: case SYS_statx: case SYS_faccessat:
    case SYS_faccessat2: case SYS_readlinkat: case SYS_openat2:
        return 2;
    }
    *redirected = 0;
    switch (nr) {
    case SYS_chdir: case SYS_mkdir: case SYS_rmdir: case SYS_unlink: case SYS_truncate:
    case X32_NR_execve:
        return 1;
    case SYS_mkdirat: case SYS_unlinkat: case X32_NR_execveat:
        return 2;
    default:
        return 0;
    }
}

/* The path argument of a call path_arg lists. */
static const char *path_of(unsigned long nr, const greg_t *g)
{
    int redirected;
    return (const char *)(path_arg(nr, &redirected) == 2 ? ARG2(g) : ARG1(g));
}

/* A call whose path (path_arg) may need the sysroot or /proc/self/exe
 * redirection. */
static long path_call(struct thread_state *t, long nr, const greg_t *g)
{
    char buf[PATH_BUF];
    greg_t a[6] = {g[REG_RDI], g[REG_RSI], g[REG_RDX], g[REG_R10], g[REG_R8], g[REG_R9]};
    int redirected, idx = path_arg((unsigned long)nr, &redirected);
    const char *p = (const char *)a[idx - 1];
    if (p && p[0] == '/') {
        const char *r = redirect_path(p, buf, sizeof buf);
        if (r != p)
            a[idx - 1] = (greg_t)r;
    }
    return safe_syscall(&t->signal_pending, nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}

static long readlink_call(struct thread_state *t, long nr, const greg_t *g)
{
    int at = nr == SYS_readlinkat;
    const char *p = path_of((unsigned long)nr, g);
    char *out = (char *)(at ? ARG3(g) : ARG2(g));
    long size = (long)(int)(at ? ARG4(g) : ARG3(g));
    if (p && is_proc_self_exe(p)) {
        if (size <= 0)
            return -EINVAL;
        const char *exe = guest_exe_path();
        long n = (long)str_len(exe);
        if (n > size)
            n = size;
        mem_copy(out, exe, (size_t)n);
        return n;
    }
    return path_call(t, nr, g);
}

/* Where each temporary-mask call keeps its sigset pointer and size.  The
 * kernel installs the temporary mask only when the size is that of a sigset
 * (8); any other size fails the call with EINVAL, and no mask is read. */
static void note_temporary_mask(struct thread_state *t, unsigned long nr, const greg_t *g)
{
    uint64_t pack[2] = {0, 0}; /* sigset pointer, size */
    if (nr == SYS_rt_sigsuspend)
        pack[0] = ARG1(g), pack[1] = ARG2(g);
    else if (nr == SYS_ppoll)
        pack[0] = ARG4(g), pack[1] = ARG5(g);
    else if (nr == SYS_epoll_pwait || nr == SYS_epoll_pwait2)
        pack[0] = ARG5(g), pack[1] = ARG6(g);
    else if (ARG6(g)) /* pselect6, io_pgetevents: {u64 sigset pointer, u64 size} */
        copy_from_guest(pack, ARG6(g), sizeof pack);
    if (pack[0] && pack[1] == 8) {
        copy_from_guest(&t->temp_mask, pack[0], 8);
        t->temp_mask_call = 1;
    }
}

static long common_call_now(struct thread_state *t, ucontext_t *uc, unsigned long nr,
                            const greg_t *g);

/* A memory call with the rewrite fast path on: its range's sites get their bytes
 * back before it, and no site is rewritten until it is made. */
static long common_call(struct thread_state *t, ucontext_t *uc, unsigned long nr,
                        const greg_t *g)
{
    if (!fastpath_enabled || !fastpath_memory_call(nr, g))
        return common_call_now(t, uc, nr, g);
    long r = common_call_now(t, uc, nr, g);
    fastpath_memory_call_done();
    return r;
}

static long common_call_now(struct thread_state *t, ucontext_t *uc, unsigned long nr,
                            const greg_t *g)
{
    switch (nr) {
    case SYS_arch_prctl: {
        long r;
        if (fastpath_enabled && fastpath_arch_prctl(t, ARG1(g), ARG2(g), &r))
            return r;
        r = forward(t, nr, g);
        if (r == 0 && ARG1(g) == 0x1002 /* ARCH_SET_FS */)
            fastpath_fs_list(t, ARG2(g)); /* the %fs-anchored entry's table */
        return r;
    }
    case SYS_mmap:
        return guest_mmap(ARG1(g), ARG2(g), ARG3(g), ARG4(g), ARG5(g), ARG6(g));
    case SYS_munmap:
        return guest_range_ok(ARG1(g), ARG2(g)) ? forward(t, nr, g) : -EINVAL;
    case SYS_mprotect:
    case SYS_madvise:
    case SYS_msync:
    case SYS_mbind: {
        long r;
        if (ARG1(g) & (X32_PAGE - 1))
            return -EINVAL; /* the kernel checks alignment before the range */
        if (nr == SYS_mprotect && guest_stack_mprotect(ARG1(g), ARG2(g), ARG3(g), &r))
            return r;
        return guest_range_ok(ARG1(g), ARG2(g)) ? forward(t, nr, g) : -ENOMEM;
    }
    case SYS_mlock:
    case SYS_munlock:
        return guest_range_ok(ARG1(g), ARG2(g)) ? forward(t, nr, g) : -ENOMEM;
    case SYS_mremap:
        return guest_mremap(ARG1(g), ARG2(g), ARG3(g), ARG4(g), ARG5(g));
    case SYS_brk:
        return guest_brk(ARG1(g));
    case SYS_pidfd_send_signal: { /* (pidfd, sig, info, flags): the kernel reads an x32 info */
        siginfo_t si;
        if (!ARG3(g))
            return forward(t, nr, g);
        siginfo_from_x32((const unsigned char *)ARG3(g), &si);
        return raw_syscall4(SYS_pidfd_send_signal, ARG1(g), ARG2(g), &si, ARG4(g));
    }
    case SYS_prlimit64: /* (pid, resource, new, old) */
        if (ARG2(g) == RLIMIT_AS && (ARG1(g) == 0 || (long)ARG1(g) == raw_syscall0(SYS_getpid)))
            return guest_prlimit_as((const struct rlimit *)ARG3(g), (struct rlimit *)ARG4(g));
        return forward(t, nr, g);
    case SYS_setrlimit:
    case SYS_getrlimit:
        if (ARG1(g) == RLIMIT_AS)
            return guest_prlimit_as(nr == SYS_setrlimit ? (const struct rlimit *)ARG2(g) : 0,
                                    nr == SYS_getrlimit ? (struct rlimit *)ARG2(g) : 0);
        return forward(t, nr, g);
    case SYS_shmat: {
        long r = forward(t, nr, g);
        if (!raw_failed(r) && !guest_range_ok((uint64_t)r, 1)) {
            raw_syscall1(SYS_shmdt, r);
            return -ENOMEM;
        }
        return r;
    }
    case SYS_rt_sigprocmask:
        return sys_rt_sigprocmask(t, uc, (long)ARG1(g), ARG2(g), ARG3(g), ARG4(g));
    case SYS_rt_sigsuspend:
    case SYS_ppoll:
    case SYS_pselect6:
    case SYS_epoll_pwait:
    case SYS_epoll_pwait2:
    case SYS_io_pgetevents:
        note_temporary_mask(t, nr, g);
        return forward(t, nr, g);
    case SYS_clone:
        /* x86-64 order: flags, newsp, parent_tid, child_tid, tls */
        return emulate_clone(t, uc, ARG1(g), ARG2(g), ARG3(g), ARG4(g), ARG5(g));
    case SYS_fork:
        return emulate_clone(t, uc, SIGCHLD, 0, 0, 0, 0);
    case SYS_vfork:
        return emulate_clone(t, uc, 0x4000 /*CLONE_VFORK*/ | 0x100 /*CLONE_VM*/ | SIGCHLD,
                             0, 0, 0, 0);
    case SYS_clone3:
        return emulate_clone3(t, uc, ARG1(g), ARG2(g));
    case SYS_exit:
        emulate_thread_exit(t, (long)ARG1(g));
    case SYS_exit_group:
        walk_all_robust_lists(t->tgid);
        if (debugger_hooks.report_exit)
            debugger_hooks.report_exit((int)ARG1(g)); /* gdb hears the W packet */
        return forward(t, nr, g);
    case SYS_open: {
        long fd = open_proc_self(path_of(nr, g), (long)ARG2(g));
        return fd ? fd : path_call(t, nr, g);
    }
    case SYS_openat: {
        long fd = open_proc_self(path_of(nr, g), (long)ARG3(g));
        return fd ? fd : path_call(t, nr, g);
    }
    case SYS_readlink:
    case SYS_readlinkat:
        return readlink_call(t, nr, g);
    case SYS_uname: { /* -r RELEASE, as QEMU user mode's */
        long r = forward(t, nr, g);
        if (r == 0)
            uname_release_apply((char *)ARG1(g));
        return r;
    }
    case SYS_process_madvise:
        return sys_iovec_call(t, nr, g);
    default: {
        int redirected;
        if (path_arg(nr, &redirected) && redirected)
            return path_call(t, nr, g); /* stat, access, statx, openat2... */
        return forward(t, nr, g);
    }
    }
}

static long x32_specific_call(struct thread_state *t, ucontext_t *uc, unsigned long nr,
                              const greg_t *g)
{
    switch (nr) {
    case X32_NR_rt_sigaction:
        return sys_rt_sigaction(t, (long)ARG1(g), ARG2(g), ARG3(g), ARG4(g));
    case X32_NR_rt_sigreturn:
        sys_x32_rt_sigreturn(t, uc);
        return KEEP_RAX;
    case X32_NR_ioctl:
        return sys_x32_ioctl(t, g);
    case X32_NR_readv:
    case X32_NR_writev:
    case X32_NR_vmsplice:
    case X32_NR_preadv:
    case X32_NR_pwritev:
    case X32_NR_process_vm_readv:
    case X32_NR_process_vm_writev:
    case X32_NR_preadv2:
    case X32_NR_pwritev2:
        return sys_iovec_call(t, nr, g);
    case X32_NR_recvfrom: /* only MSG_CMSG_COMPAT differs, which we don't want */
        return forward(t, SYS_recvfrom, g);
    case X32_NR_sendmsg:
    case X32_NR_recvmsg:
    case X32_NR_recvmmsg:
    case X32_NR_sendmmsg:
        return sys_msg_call(t, nr, g);
    case X32_NR_execve:
        return emulate_execve(t, uc, AT_FDCWD, ARG1(g), ARG2(g), ARG3(g), 0);
    case X32_NR_execveat:
        return emulate_execve(t, uc, (long)(int)ARG1(g), ARG2(g), ARG3(g), ARG4(g),
                              (long)ARG5(g));
    case X32_NR_rt_sigpending:
        return sys_rt_sigpending(t, ARG1(g), ARG2(g));
    case X32_NR_sigaltstack:
        return sys_sigaltstack(t, uc, ARG1(g), ARG2(g));
    case X32_NR_set_robust_list:
        return sys_set_robust_list(t, ARG1(g), ARG2(g));
    case X32_NR_get_robust_list:
        return sys_get_robust_list(t, (long)ARG1(g), ARG2(g), ARG3(g));
    case X32_NR_setsockopt:
    case X32_NR_getsockopt:
        return sys_sockopt_call(t, nr, g);
    case X32_NR_rt_sigtimedwait:
    case X32_NR_rt_sigqueueinfo:
    case X32_NR_rt_tgsigqueueinfo:
    case X32_NR_timer_create:
    case X32_NR_mq_notify:
    case X32_NR_waitid:
        return sys_siginfo_call(t, nr, g);
    case X32_NR_move_pages:
        return sys_move_pages(t, g);
    case X32_NR_io_setup:
    case X32_NR_io_submit:
        return sys_aio_call(nr, g);
    default:
        return refuse(nr, &refused_no_translator);
    }
}

static void trace_call(unsigned long nr, const greg_t *g, long r)
{
    const char *name = syscall_name(nr);
    int tid = (int)raw_syscall0(SYS_gettid);
    uint64_t a[6] = {ARG1(g), ARG2(g), ARG3(g), ARG4(g), ARG5(g), ARG6(g)};
    char args[6][48];
    int redirected, p = path_arg(nr, &redirected);
    for (int i = 0; i < 6; i++) {
        if (i + 1 == p && a[i]) {
            const char *s = (const char *)a[i];
            size_t n = 0;
            args[i][n++] = '"';
            while (*s && n < sizeof args[i] - 5)
                args[i][n++] = *s++;
            if (*s)
                args[i][n++] = '.', args[i][n++] = '.';
            args[i][n++] = '"';
            args[i][n] = 0;
        } else {
            str_fmt(args[i], sizeof args[i], "0x%lx", (unsigned long)a[i]);
        }
    }
    char result[24] = "?";
    if (r != -ENOSYS - 1000)
        str_from_long(result, sizeof result, r);
    fd_printf(2, "[x32 %d] %s(%s, %s, %s, %s, %s, %s) = %s\n", tid, name ? name : "?",
              args[0], args[1], args[2], args[3], args[4], args[5], result);
}

long emulate_syscall(struct thread_state *t, ucontext_t *uc, uint64_t raw_nr)
{
    greg_t *g = uc->uc_mcontext.gregs;
    unsigned long nr = raw_nr & ~X32_SYSCALL_BIT;
    long r;
    /* Calls that may not come back are traced before they run, like strace's
     * "= ?"; their result line follows if they do return. */
    if (trace_enabled && (nr == SYS_exit || nr == SYS_exit_group || nr == X32_NR_execve ||
                          nr == X32_NR_execveat))
        trace_call(nr, g, -ENOSYS - 1000);
    if (__atomic_load_n(&proc_lazy_waiting, __ATOMIC_RELAXED))
        proc_lazy_before_call(nr, g);
    const struct refusal *refused;
    if (raw_nr > 0xffffffffUL || nr > X32_NR_LAST_SPECIFIC)
        r = refuse(nr, &refused_no_such_call);
    else if ((refused = refused_call(nr, ARG1(g))))
        r = refuse(nr, refused);
    else if (nr >= X32_NR_FIRST_SPECIFIC)
        r = x32_specific_call(t, uc, nr, g);
    else if (is_native_only(nr))
        r = refuse(nr, &refused_native_only);
    else
        r = common_call(t, uc, nr, g);
    if (__atomic_load_n(&proc_lazy_waiting, __ATOMIC_RELAXED))
        proc_lazy_after_call(nr, g, r);
    if (trace_enabled)
        trace_call(nr, g, r == KEEP_RAX ? (long)g[REG_RAX] : r);
    return r;
}

void syscalls_install(void) { trap_hooks.emulate = emulate_syscall; }
