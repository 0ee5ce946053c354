/* tests/vm/syscall_table/main.c: the table of cases, in the order they run and print,
 * and the harness: each case runs in its own child process with a 20 s alarm and prints
 * one line "name: result"; a case that dies prints "name: died (SIGNAME)".
 *
 * Usage: syscall_table [NAME...]   (no NAME: every case, in table order)
 *        syscall_table --list      (the case names, one a line)
 * The program re-executes itself with --exec-child and --comm-child (processes.c). */

#include "syscall_table.h"

/* ==================================== the table ==================================== */

struct tcase { const char *name; void (*fn)(void); };
static const struct tcase cases[] = {
    {"x32_numbers", case_x32_numbers},
    {"rt_sigaction", case_rt_sigaction},
    {"rt_sigreturn", case_rt_sigreturn},
    {"ioctl", case_ioctl},
    {"readv_writev", case_readv_writev},
    {"recvfrom", case_recvfrom},
    {"sendmsg_recvmsg", case_sendmsg_recvmsg},
    {"execve", case_execve},
    {"ptrace", case_ptrace},
    {"rt_sigpending", case_rt_sigpending},
    {"rt_sigtimedwait", case_rt_sigtimedwait},
    {"rt_sigqueueinfo", case_rt_sigqueueinfo},
    {"sigaltstack", case_sigaltstack},
    {"timer_create", case_timer_create},
    {"mq_notify", case_mq_notify},
    {"kexec_load", case_kexec_load},
    {"waitid", case_waitid},
    {"set_get_robust_list", case_robust_list},
    {"vmsplice", case_vmsplice},
    {"move_pages", case_move_pages},
    {"preadv_pwritev", case_preadv_pwritev},
    {"rt_tgsigqueueinfo", case_rt_tgsigqueueinfo},
    {"sendmmsg_recvmmsg", case_mmsg},
    {"process_vm_readv_writev", case_process_vm},
    {"setsockopt_getsockopt", case_sockopt},
    {"io_setup_io_submit", case_aio},
    {"execveat", case_execveat},
    {"preadv2_pwritev2", case_preadv2_pwritev2},
    {"io_uring_setup", case_io_uring},
    {"seccomp", case_seccomp},
    {"stat", case_stat},
    {"fstatat", case_fstatat},
    {"getdents64", case_getdents64},
    {"clock_gettime", case_clock_gettime},
    {"gettimeofday", case_gettimeofday},
    {"times", case_times},
    {"getrusage", case_getrusage},
    {"sysinfo", case_sysinfo},
    {"uname", case_uname},
    {"mmap_mremap", case_mmap},
    {"brk", case_brk},
    {"prlimit", case_prlimit},
    {"sched_getaffinity", case_sched_getaffinity},
    {"select_pselect6", case_select},
    {"poll_ppoll", case_poll},
    {"epoll", case_epoll},
    {"timerfd", case_timerfd},
    {"signalfd", case_signalfd},
    {"socketpair_scm_rights", case_scm_rights},
    {"statfs", case_statfs},
    {"fcntl_locks", case_fcntl_locks},
    {"sysv_shm_msg", case_sysv_shm_msg},
    {"futex_sleep_itimer", case_futex_time},
    {"wait4_rusage", case_wait4_rusage},
    {"fd_misc", case_fds_misc},
    {"pty_termios", case_pty_termios},
    {"old_getdents_utime_time", case_old_getdents_time},
    {"auxv", case_auxv},
    {"comm_exe", case_comm_exe},
    {"arch_prctl", case_arch_prctl},
    {"signal_kill", case_sig_kill},
    {"signal_sigqueue", case_sig_sigqueue},
    {"signal_sigsegv", case_sig_segv},
    {"signal_fault_context", case_sig_fault_context},
    {"signal_sigsys", case_sig_sigsys},
    {"signal_sigchld_flags", case_sigchld_flags},
    {"signal_stack_overflow", case_stack_overflow},
    {"signal_edges", case_sig_edges},
    {"signal_sigfpe_sigill_sigtrap", case_sig_fpe_ill_trap},
    {"signal_thread", case_sig_thread},
    {"signal_sigchld", case_sig_sigchld},
    {"signal_timer", case_sig_timer},
    {"signal_altstack_frame", case_sig_altstack_frame},
    {"signal_sa_restart", case_sig_restart},
    {"signal_restart_classes", case_sig_restart_classes},
    {"signal_nested", case_sig_nested},
    {"signal_mask_ucontext", case_sig_mask_ucontext},
    {"signal_fpstate", case_sig_fpstate},
    {"sigset_sizes", case_sigset_sizes},
    {"proc_self_maps", case_proc_self_maps},
    {"proc_self_stat", case_proc_self_stat},
    {"exec_identity", case_exec_identity},
    {"vfork_parent_state", case_vfork_parent_state},
};

static void run_case(const struct tcase *c)
{
    int p[2];
    if (pipe(p) != 0) {
        printf("%s: harness: pipe failed\n", c->name);
        return;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(p[0]);
        self_pid = getpid();
        line_len = 0;
        line[0] = 0;
        alarm(20);
        c->fn();
        char buf[1200];
        int n = snprintf(buf, sizeof buf, "%s: %s\n", c->name, line);
        write(p[1], buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
        _exit(0);
    }
    close(p[1]);
    /* 30 s per case (cases that use ITIMER_REAL replace the child's alarm guard). */
    char buf[1200];
    size_t n = 0;
    ssize_t k = 1;
    int timed_out = 0;
    while (n < sizeof buf - 1 && k > 0) {
        struct pollfd pf = {p[0], POLLIN, 0};
        if (poll(&pf, 1, 30000) == 0) {
            timed_out = 1;
            kill(pid, SIGKILL);
            break;
        }
        k = read(p[0], buf + n, sizeof buf - 1 - n);
        if (k > 0)
            n += (size_t)k;
    }
    close(p[0]);
    int st = 0;
    waitpid(pid, &st, 0);
    if (timed_out) {
        printf("%s: timed out after 30 s\n", c->name);
    } else if (n) {
        fwrite(buf, 1, n, stdout);
    } else if (WIFSIGNALED(st)) {
        printf("%s: died (%s)\n", c->name, signame(WTERMSIG(st)));
    } else {
        printf("%s: no result (exit %d)\n", c->name, WEXITSTATUS(st));
    }
    fflush(stdout);
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--exec-child"))
        return exec_child_main(argc, argv);
    snprintf(prog_path, sizeof prog_path, "%s", argv[0]);
    if (argc > 1 && !strcmp(argv[1], "--identity-child"))
        return identity_child_main(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "--comm-child")) {
        /* exec'd with another argv[0]: the program's path comes from AT_EXECFN. */
        const char *fn = (const char *)getauxval(AT_EXECFN);
        snprintf(prog_path, sizeof prog_path, "%s", fn ? fn : argv[0]);
        return comm_child_main();
    }
    if (argc > 1 && !strcmp(argv[1], "--list")) {
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
            printf("%s\n", cases[i].name);
        return 0;
    }
    snprintf(shm_dir, sizeof shm_dir, "/dev/shm/x32st-%d", (int)getpid());
    if (mkdir(shm_dir, 0700) != 0) {
        fprintf(stderr, "syscall_table: cannot create %s\n", shm_dir);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int want = argc == 1;
        for (int j = 1; j < argc; j++)
            want |= !strcmp(argv[j], cases[i].name);
        if (want)
            run_case(&cases[i]);
    }
    rmdir(shm_dir);
    return 0;
}
