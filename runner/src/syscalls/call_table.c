/* The x32 system calls, one row each (core/call_table.h): handler and facts.
 * A call with no row here is one of the ~300 "common" calls the x32 kernel
 * runs with the native handler: forwarded unchanged, which is exact because
 * x32's glibc zero-extends pointers.  The handlers live in the family files:
 * calls_memory.c, calls_files.c, calls_process.c, calls_signals.c, and the
 * argument translators (iovec.c, socket_msg.c, ioctl.c, siginfo_calls.c,
 * aio_calls.c, move_pages.c).  GCC's -Woverride-init (in -Wextra) catches a
 * call given two rows. */
#include "syscalls/emulation.h"
#include "base/x32_abi.h"
#include <errno.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#define ARCH_MAP_VDSO_X32 0x2001
#define ARCH_SHSTK_ENABLE 0x5001

/* What user mode refuses, each with the errno and why: what would break if the
 * call went through.  `--mode vm` runs such programs on a real x32 kernel. */
#define ALWAYS(e, w) {.err = (e), .why = (w)}
#define OPTION(o, e, w, n) \
    {.by_option = 1, .option = (o), .option_name = #o, .err = (e), .why = (w), .next = (n)}
static const struct refusal no_guest_seccomp =
    ALWAYS(EINVAL, "guest seccomp filters would judge the runner");
static const struct refusal prctl_seccomp =
    OPTION(PR_SET_SECCOMP, EINVAL, "guest seccomp filters would judge the runner", 0);
static const struct refusal prctl_refused = OPTION(PR_SET_SYSCALL_USER_DISPATCH, EINVAL,
                                                   "the runner owns syscall user dispatch",
                                                   &prctl_seccomp);
static const struct refusal arch_shstk = OPTION(ARCH_SHSTK_ENABLE, EINVAL,
    "shadow stacks conflict with signal frame rewriting", 0);
static const struct refusal arch_prctl_refused = OPTION(ARCH_MAP_VDSO_X32, EINVAL,
    "the runner maps the program's vDSO itself", &arch_shstk);
static const struct refusal no_io_uring =
    ALWAYS(ENOSYS, "io_uring rings would carry compat iovecs/msghdrs");
static const struct refusal no_ptrace = ALWAYS(EPERM, "ptrace from x32 debuggers is not emulated");
static const struct refusal no_kexec = ALWAYS(EPERM, "kexec_load is not for a user-mode runner");
const struct refusal refused_no_such_call = ALWAYS(ENOSYS, "no such x32 system call");
const struct refusal refused_native_only =
    ALWAYS(ENOSYS, "a native-only number; x32 uses its 512-547 twin");
const struct refusal refused_no_translator =
    ALWAYS(ENOSYS, "no translator for this x32 system call");

/* Adapters for the translators, whose own signatures their fuzz harness drives
 * (runner/fuzz/translators_fuzz.c). */
#define TRANSLATOR(name, call)                                                                \
    static long name(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g) \
    {                                                                                         \
        (void)t, (void)uc, (void)nr, (void)g;                                                 \
        return call;                                                                          \
    }
TRANSLATOR(ioctl_call, sys_x32_ioctl(t, g))
TRANSLATOR(iovec_call, sys_iovec_call(t, nr, g))
TRANSLATOR(msg_call, sys_msg_call(t, nr, g))
TRANSLATOR(sockopt_call, sys_sockopt_call(t, nr, g))
/* recvfrom: only MSG_CMSG_COMPAT differs from x86-64's, which the runner does not want. */
TRANSLATOR(recvfrom_call, forward(t, SYS_recvfrom, g))
TRANSLATOR(siginfo_call, sys_siginfo_call(t, nr, g))
TRANSLATOR(move_pages_call, sys_move_pages(t, g))
TRANSLATOR(aio_call, sys_aio_call(nr, g))

#define ROW(nr, ...) [nr] = {__VA_ARGS__}
#define REDIRECTED(arg) .path_arg = (arg), .facts = CALL_PATH_REDIRECTED
#define FD(arg) .fd_arg = (arg)
#define TEMP_MASK .handler = call_with_temp_mask, \
    .facts = CALL_TEMP_MASK | CALL_KEEP_TRAPPED, .how = "its temporary mask is the one a handler it wakes gets"
#define NATIVE_ONLY(nr) [nr] = {.facts = CALL_NATIVE_ONLY}

static const struct call_row rows[CALL_TABLE_SIZE] = {
    /* memory (calls_memory.c) */
    ROW(SYS_mmap, .handler = call_mmap, .facts = CALL_MEMORY, FD(5),
        .how = "placed below 4 GiB, within the virtual RLIMIT_AS"),
    ROW(SYS_munmap, .handler = call_munmap, .facts = CALL_MEMORY, .how = "only the x32 task's range"),
    ROW(SYS_mprotect, .handler = call_range_aligned, .facts = CALL_MEMORY,
        .how = "only the x32 task's range; the main stack's fixed mapping as a growing one"),
    ROW(SYS_pkey_mprotect, .facts = CALL_MEMORY),
    ROW(SYS_madvise, .handler = call_range_aligned, .how = "only the x32 task's range"),
    ROW(SYS_msync, .handler = call_range_aligned, .how = "only the x32 task's range"),
    ROW(SYS_mbind, .handler = call_range_aligned, .how = "only the x32 task's range"),
    ROW(SYS_mlock, .handler = call_range, .how = "only the x32 task's range"),
    ROW(SYS_munlock, .handler = call_range, .how = "only the x32 task's range"),
    ROW(SYS_mremap, .handler = call_mremap, .facts = CALL_MEMORY,
        .how = "kept below 4 GiB, within the virtual RLIMIT_AS"),
    ROW(SYS_brk, .handler = call_brk, .how = "a break of the runner's own below 4 GiB"),
    ROW(SYS_shmat, .handler = call_shmat, .how = "a segment attached above 4 GiB is ENOMEM"),
    ROW(SYS_prlimit64, .handler = call_rlimit, .how = "RLIMIT_AS of this process is virtual"),
    ROW(SYS_setrlimit, .handler = call_rlimit, .how = "RLIMIT_AS is virtual"),
    ROW(SYS_getrlimit, .handler = call_rlimit, .how = "RLIMIT_AS is virtual"),
    ROW(X32_NR_move_pages, .handler = move_pages_call,
        .how = "pointer arrays widened (at most 4096 pages a call)"),

    /* files (calls_files.c): the path calls */
    ROW(SYS_open, .handler = call_open, REDIRECTED(1), .how = "the program's /proc/self files rebuilt"),
    ROW(SYS_openat, .handler = call_open, REDIRECTED(2), .how = "the program's /proc/self files rebuilt"),
    ROW(SYS_readlink, .handler = call_readlink, REDIRECTED(1), .how = "/proc/self/exe names the program"),
    ROW(SYS_readlinkat, .handler = call_readlink, REDIRECTED(2), .how = "/proc/self/exe names the program"),
    ROW(SYS_stat, REDIRECTED(1)),
    ROW(SYS_lstat, REDIRECTED(1)),
    ROW(SYS_access, REDIRECTED(1)),
    ROW(SYS_newfstatat, REDIRECTED(2), FD(1)),
    ROW(SYS_statx, REDIRECTED(2), FD(1)),
    ROW(SYS_faccessat, REDIRECTED(2)),
    ROW(SYS_faccessat2, REDIRECTED(2)),
    ROW(SYS_openat2, REDIRECTED(2)),
    /* paths shown by X32_RUN_TRACE only: nothing creates or removes files in the sysroot */
    ROW(SYS_chdir, .path_arg = 1),
    ROW(SYS_mkdir, .path_arg = 1),
    ROW(SYS_rmdir, .path_arg = 1),
    ROW(SYS_unlink, .path_arg = 1),
    ROW(SYS_truncate, .path_arg = 1),
    ROW(SYS_mkdirat, .path_arg = 2),
    ROW(SYS_unlinkat, .path_arg = 2),
    /* descriptors a /proc file waiting for its text may be read through (procfs/proc_lazy.c) */
    ROW(SYS_read, FD(1)),
    ROW(SYS_pread64, FD(1)),
    ROW(SYS_lseek, FD(1)),
    ROW(SYS_fstat, FD(1)),
    ROW(SYS_fstatfs, FD(1)),
    ROW(SYS_sendfile, FD(2)),
    ROW(SYS_splice, FD(1)),
    ROW(SYS_tee, FD(1)),
    ROW(SYS_copy_file_range, FD(1)),
    ROW(SYS_readahead, FD(1)),
    ROW(SYS_fadvise64, FD(1)),
    ROW(SYS_close_range, .facts = CALL_ALL_FDS),
    ROW(X32_NR_ioctl, .handler = ioctl_call, FD(1),
        .how = "pointer- and long-carrying families translated; unknown driver ioctls passed through"),

    /* iovec and message calls (iovec.c, socket_msg.c) */
    ROW(X32_NR_readv, .handler = iovec_call, .facts = CALL_VECTOR_BUFFERS, FD(1), .how = "x32 iovecs widened"),
    ROW(X32_NR_writev, .handler = iovec_call, .facts = CALL_VECTOR_BUFFERS, .how = "x32 iovecs widened"),
    ROW(X32_NR_preadv, .handler = iovec_call, .facts = CALL_VECTOR_BUFFERS, FD(1), .how = "x32 iovecs widened"),
    ROW(X32_NR_pwritev, .handler = iovec_call, .facts = CALL_VECTOR_BUFFERS, .how = "x32 iovecs widened"),
    ROW(X32_NR_preadv2, .handler = iovec_call, .facts = CALL_VECTOR_BUFFERS, FD(1), .how = "x32 iovecs widened"),
    ROW(X32_NR_pwritev2, .handler = iovec_call, .facts = CALL_VECTOR_BUFFERS, .how = "x32 iovecs widened"),
    ROW(X32_NR_vmsplice, .handler = iovec_call, .facts = CALL_VECTOR_BUFFERS, .how = "x32 iovecs widened"),
    ROW(X32_NR_process_vm_readv, .handler = iovec_call, .facts = CALL_VECTOR_BUFFERS,
        .how = "x32 iovecs widened, both lists"),
    ROW(X32_NR_process_vm_writev, .handler = iovec_call, .facts = CALL_VECTOR_BUFFERS,
        .how = "x32 iovecs widened, both lists"),
    ROW(SYS_process_madvise, .handler = iovec_call, .how = "x32 iovecs widened"),
    ROW(X32_NR_recvfrom, .handler = recvfrom_call, .how = "made as x86-64's recvfrom"),
    ROW(X32_NR_sendmsg, .handler = msg_call, .facts = CALL_VECTOR_BUFFERS,
        .how = "msghdr, iovecs and control messages translated both ways"),
    ROW(X32_NR_recvmsg, .handler = msg_call, .how = "msghdr, iovecs and control messages translated both ways"),
    ROW(X32_NR_sendmmsg, .handler = msg_call, .facts = CALL_VECTOR_BUFFERS,
        .how = "as sendmsg, at most 64 messages and 1024 iovecs a call"),
    ROW(X32_NR_recvmmsg, .handler = msg_call, .how = "as recvmsg, at most 64 messages and 1024 iovecs a call"),
    ROW(X32_NR_setsockopt, .handler = sockopt_call, .how = "options carrying pointers or longs translated"),
    ROW(X32_NR_getsockopt, .handler = sockopt_call, .how = "options carrying pointers or longs translated"),
    ROW(X32_NR_io_setup, .handler = aio_call, .how = "the context id fits 32 bits"),
    ROW(X32_NR_io_submit, .handler = aio_call, .how = "x32 iocb pointer arrays widened"),
    ROW(SYS_io_uring_setup, .refused = &no_io_uring),

    /* process (calls_process.c, execve.c, core/threads.c) */
    ROW(SYS_arch_prctl, .handler = call_arch_prctl, .facts = CALL_KEEP_TRAPPED, .refused = &arch_prctl_refused,
        .how = "the %gs base is the program's, also while the fast path uses it"),
    ROW(SYS_prctl, .refused = &prctl_refused),
    ROW(SYS_seccomp, .refused = &no_guest_seccomp),
    ROW(SYS_clone, .handler = call_clone, .facts = CALL_KEEP_TRAPPED | CALL_ALL_FDS,
        .how = "each new task gets its own thread block and re-arms the trap"),
    ROW(SYS_clone3, .handler = call_clone, .facts = CALL_KEEP_TRAPPED | CALL_ALL_FDS,
        .how = "as clone; set_tid and CLONE_INTO_CGROUP are ENOSYS (glibc then uses clone)"),
    ROW(SYS_fork, .handler = call_clone, .facts = CALL_KEEP_TRAPPED | CALL_ALL_FDS, .how = "as clone"),
    ROW(SYS_vfork, .handler = call_clone, .facts = CALL_KEEP_TRAPPED | CALL_ALL_FDS, .how = "as clone"),
    ROW(SYS_exit, .handler = call_exit, .facts = CALL_KEEP_TRAPPED | CALL_MAY_NOT_RETURN,
        .how = "the robust futex list walked by the runner"),
    ROW(SYS_exit_group, .handler = call_exit_group, .facts = CALL_KEEP_TRAPPED | CALL_MAY_NOT_RETURN,
        .how = "every thread's robust futex list walked by the runner"),
    ROW(X32_NR_execve, .handler = call_execve, .path_arg = 1,
        .facts = CALL_KEEP_TRAPPED | CALL_MAY_NOT_RETURN | CALL_ALL_FDS,
        .how = "x32 programs and #! scripts run under x32-run again, native ones natively"),
    ROW(X32_NR_execveat, .handler = call_execve, .path_arg = 2,
        .facts = CALL_KEEP_TRAPPED | CALL_MAY_NOT_RETURN | CALL_ALL_FDS, .how = "as execve"),
    ROW(X32_NR_set_robust_list, .handler = call_robust_list,
        .how = "kept by the runner, with a native shadow list for deaths it never sees"),
    ROW(X32_NR_get_robust_list, .handler = call_robust_list, .how = "the x32 head"),
    ROW(SYS_uname, .handler = call_uname, .how = "the release -r names, as QEMU user mode's"),
    ROW(X32_NR_ptrace, .refused = &no_ptrace),
    ROW(X32_NR_kexec_load, .refused = &no_kexec),

    /* signals (calls_signals.c, signals/, siginfo_calls.c) */
    ROW(X32_NR_rt_sigaction, .handler = call_rt_sigaction, .how = "virtual: the host action is the runner's"),
    ROW(X32_NR_rt_sigreturn, .handler = call_rt_sigreturn, .facts = CALL_KEEP_TRAPPED,
        .how = "restores from the x32 frame the runner built"),
    ROW(SYS_rt_sigprocmask, .handler = call_rt_sigprocmask, .facts = CALL_KEEP_TRAPPED,
        .how = "virtual for SIGSYS; the runner's signals stay open"),
    ROW(X32_NR_rt_sigpending, .handler = call_rt_sigpending, .how = "with the virtual pending SIGSYS"),
    ROW(X32_NR_sigaltstack, .handler = call_sigaltstack, .facts = CALL_KEEP_TRAPPED,
        .how = "virtual: the real one is the runner's"),
    ROW(SYS_rt_sigsuspend, TEMP_MASK),
    ROW(SYS_ppoll, TEMP_MASK),
    ROW(SYS_pselect6, TEMP_MASK),
    ROW(SYS_epoll_pwait, TEMP_MASK),
    ROW(SYS_epoll_pwait2, TEMP_MASK),
    ROW(SYS_io_pgetevents, TEMP_MASK),
    ROW(SYS_pidfd_send_signal, .handler = call_pidfd_send_signal, .how = "x32 siginfo widened"),
    ROW(X32_NR_rt_sigtimedwait, .handler = siginfo_call, .how = "x32 siginfo"),
    ROW(X32_NR_rt_sigqueueinfo, .handler = siginfo_call, .how = "x32 siginfo"),
    ROW(X32_NR_rt_tgsigqueueinfo, .handler = siginfo_call, .how = "x32 siginfo"),
    ROW(X32_NR_timer_create, .handler = siginfo_call, .how = "x32 sigevent"),
    ROW(X32_NR_mq_notify, .handler = siginfo_call, .how = "x32 sigevent"),
    ROW(X32_NR_waitid, .handler = siginfo_call, .how = "x32 siginfo and rusage"),

    /* The "64" rows of syscall_64.tbl: the native numbers of the 36 x32-specific
     * calls (which x32 reaches through 512-547) and calls x32 never had. */
    NATIVE_ONLY(13), NATIVE_ONLY(15), NATIVE_ONLY(16), NATIVE_ONLY(19), NATIVE_ONLY(20),
    NATIVE_ONLY(45), NATIVE_ONLY(46), NATIVE_ONLY(47), NATIVE_ONLY(54), NATIVE_ONLY(55),
    NATIVE_ONLY(59), NATIVE_ONLY(101), NATIVE_ONLY(127), NATIVE_ONLY(128), NATIVE_ONLY(129),
    NATIVE_ONLY(131), NATIVE_ONLY(134), NATIVE_ONLY(156), NATIVE_ONLY(174), NATIVE_ONLY(177),
    NATIVE_ONLY(178), NATIVE_ONLY(180), NATIVE_ONLY(205), NATIVE_ONLY(206), NATIVE_ONLY(209),
    NATIVE_ONLY(211), NATIVE_ONLY(214), NATIVE_ONLY(215), NATIVE_ONLY(222), NATIVE_ONLY(236),
    NATIVE_ONLY(244), NATIVE_ONLY(246), NATIVE_ONLY(247), NATIVE_ONLY(273), NATIVE_ONLY(274),
    NATIVE_ONLY(278), NATIVE_ONLY(279), NATIVE_ONLY(295), NATIVE_ONLY(296), NATIVE_ONLY(297),
    NATIVE_ONLY(299), NATIVE_ONLY(307), NATIVE_ONLY(310), NATIVE_ONLY(311), NATIVE_ONLY(322),
    NATIVE_ONLY(327), NATIVE_ONLY(328), NATIVE_ONLY(453),
};

const struct call_row *const x32_call_rows = rows;
