/* signal_kill_tgkill: raise, kill, tgkill and tkill deliver to this process
 * or thread; kill(pid, 0) probes existence; bad targets give ESRCH/EINVAL. */
// build: -pthread
#include "check.h"
#include <pthread.h>
#include <sys/syscall.h>

static volatile sig_atomic_t hits;
static volatile pid_t where;
static void handler(int sig) { (void)sig; hits++; where = gettid(); }

static volatile pid_t thread_tid;
static volatile int stop;
static void *spin(void *a)
{
    (void)a;
    thread_tid = gettid();
    while (!stop)
        sleep_ms(1);
    return NULL;
}

int main(void)
{
    signal(SIGUSR1, handler);
    CHECK_EQ(raise(SIGUSR1), 0);
    CHECK_EQ(hits, 1);
    CHECK_SYS(kill(getpid(), SIGUSR1));
    CHECK_EQ(hits, 2);
    CHECK_SYS(syscall(SYS_tgkill, getpid(), gettid(), SIGUSR1));
    CHECK_EQ(hits, 3);
    CHECK_SYS(syscall(SYS_tkill, gettid(), SIGUSR1));
    CHECK_EQ(hits, 4);
    CHECK_EQ(gettid(), getpid());       /* main thread */

    CHECK_SYS(kill(getpid(), 0));
    CHECK_ERR(kill(0x3ffffff0, SIGUSR1), ESRCH);
    CHECK_ERR(kill(getpid(), 1000), EINVAL);
    CHECK_ERR(syscall(SYS_tgkill, getpid(), 0x3ffffff0, SIGUSR1), ESRCH);
    CHECK_ERR(syscall(SYS_tgkill, getpid(), -1, SIGUSR1), EINVAL);

    /* tgkill to another thread runs the handler in that thread. */
    pthread_t t;
    REQUIRE(pthread_create(&t, NULL, spin, NULL) == 0);
    while (!thread_tid)
        sleep_ms(1);
    CHECK(thread_tid != getpid());
    CHECK_SYS(syscall(SYS_tgkill, getpid(), thread_tid, SIGUSR1));
    for (int i = 0; i < 1000 && hits < 5; i++)
        sleep_ms(1);
    CHECK_EQ(hits, 5);
    CHECK_EQ(where, thread_tid);
    /* A thread id with the wrong thread group is ESRCH. */
    CHECK_ERR(syscall(SYS_tgkill, getppid(), thread_tid, SIGUSR1), ESRCH);
    stop = 1;
    pthread_join(t, NULL);
    return check_done();
}
