/* fastpath_signal_storm: a timer signal every 50 µs (SA_RESTART, a handler
 * that makes system calls itself) while three threads make system calls in
 * tight loops: through the red-zone leaf site, a pipe write+read of a known
 * byte, and glibc's syscall().  Every result must be exact, no call may fail
 * with EINTR, the handler must run, and a read blocked on an empty pipe
 * must be restarted (not fail) until data comes.  With the rewrite fast path
 * the signals land in its hook; with X32_RUN_TRAP=sud, in the SUD trap:
 * the results must be the same. */
// build: -pthread -lrt
#include "check.h"
#include "fastpath_site.h"
#include <pthread.h>
#include <sys/syscall.h>
#include <time.h>

enum { THREADS = 3, ROUNDS = 1000 };
static volatile long handled, handler_bad;
static long parent;
static int blocked_pipe[2];

static void on_tick(int sig)
{
    int saved = errno;
    (void)sig;
    handled++;
    if (syscall(SYS_getppid) != parent)
        handler_bad++;
    errno = saved;
}

static void *worker(void *arg)
{
    long bad = 0;
    int p[2];
    if (pipe(p))
        return (void *)1L;
    for (int i = 0; i < ROUNDS; i++) {
        long long out[5];
        unsigned char b = (unsigned char)(i + (int)(long)arg), r = 0;
        site_leaf(out);
        if (out[0] != parent || out[2] != 0 || out[3] != SITE_XMM || out[4] != SITE_XMM)
            bad++;
        if (write(p[1], &b, 1) != 1 || read(p[0], &r, 1) != 1 || r != b)
            bad++;
        if (syscall(SYS_getppid) != parent)
            bad++;
    }
    close(p[0]);
    close(p[1]);
    return (void *)bad;
}

static void *blocked_reader(void *arg)
{
    char c = 0;
    (void)arg;
    long r = read(blocked_pipe[0], &c, 1); /* restarted across every tick */
    return (void *)(r == 1 && c == 'x' ? 0L : 1L);
}

int main(void)
{
    parent = (long)getppid();
    struct sigaction sa = {.sa_handler = on_tick, .sa_flags = SA_RESTART};
    sigemptyset(&sa.sa_mask);
    REQUIRE_SYS(sigaction(SIGALRM, &sa, 0));
    REQUIRE_SYS(pipe(blocked_pipe));
    timer_t tm;
    struct sigevent ev = {.sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGALRM};
    REQUIRE_SYS(timer_create(CLOCK_MONOTONIC, &ev, &tm));
    struct itimerspec it = {.it_interval = {0, 50000}, .it_value = {0, 50000}};
    REQUIRE_SYS(timer_settime(tm, 0, &it, 0));

    pthread_t th[THREADS], rd;
    REQUIRE(pthread_create(&rd, 0, blocked_reader, 0) == 0);
    for (long i = 0; i < THREADS; i++)
        REQUIRE(pthread_create(&th[i], 0, worker, (void *)i) == 0);
    long bad = 0;
    for (int i = 0; i < THREADS; i++) {
        void *r;
        pthread_join(th[i], &r);
        bad += (long)r;
    }
    long long deadline = now_ns() + 2000000000LL;
    while (handled < 100 && now_ns() < deadline)
        sched_yield();
    CHECK(write(blocked_pipe[1], "x", 1) == 1);
    void *rr;
    pthread_join(rd, &rr);
    struct itimerspec off = {{0, 0}, {0, 0}};
    timer_settime(tm, 0, &off, 0);
    CHECK_EQ(bad, 0);
    CHECK_EQ((long)rr, 0);
    CHECK_EQ(handler_bad, 0);
    CHECK(handled > 0);
    site_state_ok();
    return check_done();
}
