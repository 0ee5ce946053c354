/* Translators for the x32 system calls whose arguments differ from x86-64. */
#ifndef X32RUN_EMULATION_H
#define X32RUN_EMULATION_H

#include "syscalls/syscalls.h"

#include <stddef.h>
#include <sys/uio.h>

/* The kernel's UIO_MAXIOV: the most iovec entries one call takes (more is
 * EINVAL for the iovec calls, EMSGSIZE for sendmsg/recvmsg). */
#define X32_IOV_MAX 1024
/* iovec.c: the one place x32 iovec arrays are read.  Copies n guest entries
 * (at most X32_IOV_MAX, checked by the caller) once each and widens them into
 * dst; 0, or -EFAULT when the array is not readable. */
long import_x32_iovec(struct iovec *dst, uint64_t src, size_t n);
/* iovec.c: readv, writev, preadv(2), pwritev(2), vmsplice, process_vm_readv/writev,
 * process_madvise */
long sys_iovec_call(struct thread_state *t, unsigned long nr, const greg_t *g);
/* socket_msg.c: sendmsg/recvmsg/sendmmsg/recvmmsg, set/getsockopt */
long sys_msg_call(struct thread_state *t, unsigned long nr, const greg_t *g);
long sys_sockopt_call(struct thread_state *t, unsigned long nr, const greg_t *g);
/* ioctl.c */
long sys_x32_ioctl(struct thread_state *t, const greg_t *g);
/* The family files' handlers, named in call_table.c's rows (the shape of
 * call_row.handler). */
#define CALL_HANDLER(name) \
    long name(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
/* calls_memory.c */
CALL_HANDLER(call_mmap);
CALL_HANDLER(call_munmap);
CALL_HANDLER(call_range_aligned);
CALL_HANDLER(call_range);
CALL_HANDLER(call_mremap);
CALL_HANDLER(call_brk);
CALL_HANDLER(call_shmat);
CALL_HANDLER(call_rlimit);
/* calls_files.c */
CALL_HANDLER(call_redirected_path);
CALL_HANDLER(call_open);
CALL_HANDLER(call_readlink);
/* The path argument of call nr (its row's path_arg), or 0. */
const char *call_path(unsigned long nr, const greg_t *g);
/* calls_process.c */
CALL_HANDLER(call_arch_prctl);
CALL_HANDLER(call_clone);
CALL_HANDLER(call_exit) __attribute__((noreturn));
CALL_HANDLER(call_exit_group);
CALL_HANDLER(call_execve);
CALL_HANDLER(call_robust_list);
CALL_HANDLER(call_uname);
/* calls_signals.c */
CALL_HANDLER(call_rt_sigaction);
CALL_HANDLER(call_rt_sigreturn);
CALL_HANDLER(call_rt_sigprocmask);
CALL_HANDLER(call_rt_sigpending);
CALL_HANDLER(call_sigaltstack);
CALL_HANDLER(call_with_temp_mask);
CALL_HANDLER(call_pidfd_send_signal);
/* call_table.c: the rows, and the refusals of calls that have none */
extern const struct call_row *const x32_call_rows;
extern const struct refusal refused_no_such_call, refused_native_only, refused_no_translator;

/* execve.c */
long emulate_execve(struct thread_state *t, ucontext_t *uc, long dirfd, uint64_t path,
                    uint64_t argv, uint64_t envp, long flags);
/* siginfo_calls.c: rt_sigtimedwait, rt_(tg)sigqueueinfo, waitid, timer_create, mq_notify */
long sys_siginfo_call(struct thread_state *t, unsigned long nr, const greg_t *g);
/* aio_calls.c: io_setup, io_submit */
long sys_aio_call(unsigned long nr, const greg_t *g);
/* move_pages.c */
long sys_move_pages(struct thread_state *t, const greg_t *g);

#endif
