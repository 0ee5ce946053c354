/* tests/vm/syscall_table/signal_restart.c: which blocking calls a handler with
 * SA_RESTART restarts and which return EINTR. */

#include "syscall_table.h"

/* The SA_RESTART cases arm a timer and block: the timer must not fire before the call
 * blocks, even with QEMU descheduled for a while on a loaded host. */
#define ALARM_MS 150

static volatile int restart_pipe_w = -1;
static void restart_handler(int sig)
{
    (void)sig;
    hits++;
    if (restart_pipe_w >= 0)
        write(restart_pipe_w, "r", 1);
}

/* arm_alarm HANDLER MS FLAGS: SIGALRM to HANDLER (with FLAGS) in MS milliseconds. */
static void arm_alarm(void (*handler)(int), int ms, int flags)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sa.sa_flags = flags;
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval iv = {{0, 0}, {0, ms * 1000}};
    setitimer(ITIMER_REAL, &iv, NULL);
}

static void arm_alarm_ms(int ms, int flags)
{
    arm_alarm(restart_handler, ms, flags);
}

void case_sig_restart(void)
{
    int p[2];
    pipe(p);
    restart_pipe_w = p[1];
    char c;
    arm_alarm_ms(ALARM_MS, SA_RESTART);
    out("read+SA_RESTART=%s", rv(read(p[0], &c, 1)));
    arm_alarm_ms(ALARM_MS, 0);
    out("read=%s", rv(read(p[0], &c, 1)));
    read(p[0], &c, 1);
    restart_pipe_w = -1;
    fd_set r;
    FD_ZERO(&r);
    FD_SET(p[0], &r);
    struct timeval tv = {2, 0};
    arm_alarm_ms(ALARM_MS, SA_RESTART);
    out("select+SA_RESTART=%s", rv(select(p[0] + 1, &r, NULL, NULL, &tv)));
    struct timespec ts = {2, 0}, left = {0, 0};
    arm_alarm_ms(ALARM_MS, SA_RESTART);
    out("nanosleep+SA_RESTART=%s", rv(nanosleep(&ts, &left)));
    out("left<2s=%s", left.tv_sec < 2 && (left.tv_sec > 0 || left.tv_nsec > 0) ? "yes" : "no");
    arm_alarm_ms(ALARM_MS, SA_RESTART);
    pid_t ch = fork();
    if (ch == 0) {
        usleep(200000);
        _exit(5);
    }
    int st = 0;
    out("waitpid+SA_RESTART=%s", ch == waitpid(ch, &st, 0) ? "child" : rv(-1));
    out("status=%d", WEXITSTATUS(st));
    sigset_t none;
    sigemptyset(&none);
    arm_alarm_ms(ALARM_MS, SA_RESTART);
    out("sigsuspend=%s", rv(sigsuspend(&none)));
    out("handled=%d", hits);
}

/* Which blocking calls SA_RESTART restarts is the kernel's choice (ERESTARTSYS,
 * ERESTARTNOHAND, restart_block); the runner must keep it. */
static uint32_t restart_futex;
static volatile int restart_fd = -1;
static void restart_class_handler(int sig)
{
    (void)sig;
    hits++;
    if (restart_fd >= 0)
        write(restart_fd, "r", 1);
    __atomic_store_n(&restart_futex, 1, __ATOMIC_SEQ_CST);
    syscall(SYS_futex, &restart_futex, FUTEX_WAKE, 1, NULL, NULL, 0);
}

static void alarm_restart(void)
{
    arm_alarm(restart_class_handler, ALARM_MS, SA_RESTART);
}

void case_sig_restart_classes(void)
{
    int sv[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
    char c;
    restart_fd = sv[1];
    alarm_restart();
    out("recv=%s", rv(recv(sv[0], &c, 1, 0)));
    struct timeval tv = {5, 0};
    setsockopt(sv[0], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    alarm_restart();
    out("recv+SO_RCVTIMEO=%s", rv(recv(sv[0], &c, 1, 0)));
    recv(sv[0], &c, 1, 0);
    restart_fd = -1;
    int ep = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN}, got;
    epoll_ctl(ep, EPOLL_CTL_ADD, sv[0], &ev);
    alarm_restart();
    out("epoll_wait=%s", rv(epoll_wait(ep, &got, 1, 5000)));
    restart_futex = 0;
    alarm_restart();
    out("futex-wait=%s", rv(syscall(SYS_futex, &restart_futex, FUTEX_WAIT, 0, NULL, NULL, 0)));
    restart_futex = 0;
    struct timespec ts = {5, 0};
    alarm_restart();
    out("futex-wait-timeout=%s", rv(syscall(SYS_futex, &restart_futex, FUTEX_WAIT, 0, &ts, NULL, 0)));
    sigset_t w;
    sigemptyset(&w);
    sigaddset(&w, SIGUSR2);
    block(SIGUSR2);
    alarm_restart();
    out("sigtimedwait=%s", rv(sigtimedwait(&w, NULL, &ts)));
    alarm_restart();
    out("pause=%s", rv(pause()));
    int q = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
    struct { long long mtype; char text[8]; } m;
    alarm_restart();
    out("msgrcv=%s", rv(msgrcv(q, &m, sizeof m.text, 0, 0)));
    msgctl(q, IPC_RMID, NULL);
    out("handled=%d", hits);
}
