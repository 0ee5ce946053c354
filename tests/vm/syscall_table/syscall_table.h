/* tests/vm/syscall_table/syscall_table.h: what the files of the call-by-call table share.
 *
 * The table is a list of system-call and signal cases for the x32 ABI, run once under
 * x32-run (user mode) and once on the VM's real x32 kernel by tests/vm/syscalls.sh,
 * which compares the two outputs line by line.  Every case runs in its own child
 * process and prints exactly one line
 *     name: result
 * made only of what both kernels must agree on: return values (or -ERRNO names) and the
 * fields the case checked.  Addresses, pids and times are never printed as such, only
 * normalised ("ptr<4G", "pid=self", "nsec<1e9"), with the helpers of normalise.c.
 *
 * One file per family of calls (see tests/vm/README.md); main.c holds the table, which
 * fixes the order of the cases and of their lines. */

#ifndef X32_SYSCALL_TABLE_H
#define X32_SYSCALL_TABLE_H

#define _GNU_SOURCE
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <linux/filter.h>
#include <linux/io_uring.h>
#include <linux/seccomp.h>
#include <mqueue.h>
#include <linux/futex.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <asm/prctl.h>
#include <elf.h>
#include <sys/auxv.h>
#include <sys/epoll.h>
#include <sys/timex.h>
#include <termios.h>
#include <sys/eventfd.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/shm.h>
#include <sys/statfs.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/random.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/times.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#ifndef SS_AUTODISARM
#define SS_AUTODISARM (1U << 31)
#endif

/* ---- normalise.c: the result line of the current case and its normalisers ---- */

extern char line[1024];
extern size_t line_len;
/* out FMT...: append one space-separated field to the result line. */
void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *errname(int e);
/* rv R: a glibc-style result (-1 and errno) as "N" or "-ENAME". */
const char *rv(long r);
/* rr R: a raw kernel result (-4095..-1 are errors). */
const char *rr(long long r);
const char *signame(int s);
/* The case's own pid (set by main.c in the child) and the child it forked, if any. */
extern pid_t self_pid, child_pid;
const char *pidname(pid_t p);
const char *uidname(uid_t u);
const char *codename(int sig, int code);
/* sc6: a raw system call with full 64-bit arguments and result. */
long long sc6(long long nr, long long a, long long b, long long c, long long d,
              long long e, long long f);
const char *ptr_class(long long p);
/* The run's private directory under /dev/shm (made by main.c) and a path in it. */
extern char shm_dir[64];
const char *shm_path(const char *name);

/* ---- normalise.c: signal bookkeeping shared by the handlers ---- */

extern volatile sig_atomic_t hits;
extern siginfo_t last_si;
extern int last_sig;
extern sigjmp_buf jb;
void record(int sig, siginfo_t *si, void *uc);
void jump_out(int sig, siginfo_t *si, void *uc);
int on(int sig, void (*fn)(int, siginfo_t *, void *), int flags);
void block(int sig);
void siginfo_fields(const siginfo_t *si);
void handler_plain(int sig);
/* signal_event SIG VALUE: a timer's or queue's notification by signal SIG with VALUE. */
struct sigevent signal_event(int sig, int value);

/* ---- signal_frames.c: the alternate stack, also used by signal_delivery.c ---- */

extern char altstack[65536];
extern volatile int alt_flags;
void alt_handler(int sig, siginfo_t *si, void *ucp);

/* ---- processes.c: the program's path and its re-executed modes (main.c) ---- */

extern char prog_path[4096];
int exec_child_main(int argc, char **argv);
int comm_child_main(void);
/* exec_identity.c: the program exec'd as --identity-child */
int identity_child_main(int argc, char **argv);

/* ---- the cases, one family a file; main.c lists them in table order ---- */

/* numbers.c */
void case_kexec_load(void);
void case_x32_numbers(void);
void case_io_uring(void);
void case_seccomp(void);
/* signal_calls.c */
void case_rt_sigaction(void);
void case_rt_sigreturn(void);
void case_rt_sigpending(void);
void case_rt_sigtimedwait(void);
void case_rt_sigqueueinfo(void);
void case_rt_tgsigqueueinfo(void);
void case_signalfd(void);
/* signal_frames.c */
void case_sigaltstack(void);
void case_sig_segv(void);
void case_sig_sigsys(void);
void case_stack_overflow(void);
void case_sig_fault_context(void);
void case_sig_fpe_ill_trap(void);
void case_sig_altstack_frame(void);
void case_sig_mask_ucontext(void);
void case_sig_fpstate(void);
/* signal_delivery.c */
void case_sig_thread(void);
void case_sig_kill(void);
void case_sig_sigqueue(void);
void case_sig_edges(void);
void case_sigchld_flags(void);
void case_sig_sigchld(void);
void case_sig_timer(void);
void case_sig_nested(void);
/* signal_restart.c */
void case_sig_restart(void);
void case_sig_restart_classes(void);
/* files.c */
void case_ioctl(void);
void case_readv_writev(void);
void case_vmsplice(void);
void case_preadv_pwritev(void);
void case_preadv2_pwritev2(void);
void case_stat(void);
void case_fstatat(void);
void case_getdents64(void);
void case_statfs(void);
void case_fcntl_locks(void);
void case_fds_misc(void);
void case_pty_termios(void);
void case_old_getdents_time(void);
/* sockets.c */
void case_recvfrom(void);
void case_sendmsg_recvmsg(void);
void case_mmsg(void);
void case_sockopt(void);
void case_scm_rights(void);
/* processes.c */
void case_execve(void);
void case_execveat(void);
void case_ptrace(void);
void case_waitid(void);
void case_robust_list(void);
void case_getrusage(void);
void case_sysinfo(void);
void case_uname(void);
void case_prlimit(void);
void case_sched_getaffinity(void);
void case_wait4_rusage(void);
void case_auxv(void);
void case_comm_exe(void);
void case_arch_prctl(void);
/* time.c */
void case_timer_create(void);
void case_clock_gettime(void);
void case_gettimeofday(void);
void case_times(void);
void case_futex_time(void);
/* memory.c */
void case_move_pages(void);
void case_process_vm(void);
void case_mmap(void);
void case_brk(void);
/* ipc.c */
void case_mq_notify(void);
void case_aio(void);
void case_sysv_shm_msg(void);
/* fd_events.c */
void case_select(void);
void case_poll(void);
void case_epoll(void);
void case_timerfd(void);
/* signal_sizes.c */
void case_sigset_sizes(void);
/* proc_self.c */
void case_proc_self_maps(void);
void case_proc_self_stat(void);
/* exec_identity.c */
void case_exec_identity(void);
/* vfork_state.c */
void case_vfork_parent_state(void);

#endif
