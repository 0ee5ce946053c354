/* The x32 system-call numbers the runner names, without X32_SYSCALL_BIT.
 *
 * 512-547 are x32's own entries in the kernel's syscall_64.tbl (the "x32"
 * rows): the calls whose arguments differ from x86-64 (pointers inside
 * structures, siginfo, iovecs, msghdrs...).  The other numbers an x32 task
 * uses are the "common" rows, shared with x86-64: the runner names those with
 * the host's SYS_* constants (<sys/syscall.h>), which are the same numbers. */
#ifndef X32RUN_X32_SYSCALLS_H
#define X32RUN_X32_SYSCALLS_H

#define X32_NR_rt_sigaction 512
#define X32_NR_rt_sigreturn 513
#define X32_NR_ioctl 514
#define X32_NR_readv 515
#define X32_NR_writev 516
#define X32_NR_recvfrom 517
#define X32_NR_sendmsg 518
#define X32_NR_recvmsg 519
#define X32_NR_execve 520
#define X32_NR_ptrace 521
#define X32_NR_rt_sigpending 522
#define X32_NR_rt_sigtimedwait 523
#define X32_NR_rt_sigqueueinfo 524
#define X32_NR_sigaltstack 525
#define X32_NR_timer_create 526
#define X32_NR_mq_notify 527
#define X32_NR_kexec_load 528
#define X32_NR_waitid 529
#define X32_NR_set_robust_list 530
#define X32_NR_get_robust_list 531
#define X32_NR_vmsplice 532
#define X32_NR_move_pages 533
#define X32_NR_preadv 534
#define X32_NR_pwritev 535
#define X32_NR_rt_tgsigqueueinfo 536
#define X32_NR_recvmmsg 537
#define X32_NR_sendmmsg 538
#define X32_NR_process_vm_readv 539
#define X32_NR_process_vm_writev 540
#define X32_NR_setsockopt 541
#define X32_NR_getsockopt 542
#define X32_NR_io_setup 543
#define X32_NR_io_submit 544
#define X32_NR_execveat 545
#define X32_NR_preadv2 546
#define X32_NR_pwritev2 547

/* The range of x32's own numbers (syscall_table.c, syscalls.c). */
#define X32_NR_FIRST_SPECIFIC X32_NR_rt_sigaction
#define X32_NR_LAST_SPECIFIC X32_NR_pwritev2

#endif
