/* fork_while_locked: a fork while other threads hold the runner's own locks.
 *
 * Two threads map, protect and unmap pages and read /proc/self/maps without a
 * pause; in x32-run each of those calls takes a lock of the runner's (the fast
 * path's site table, the virtual maps file).  Meanwhile the main thread forks
 * over and over, and each child makes the same calls once and exits.  A child
 * holds a copy of every lock as it was at the fork: one another thread held
 * then is never released in the child, which then spins for ever (glibc's
 * tst-arc4random-thread hung so).  The parent gives each child 20 seconds. */
// build: -pthread
#include "check.h"
#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#define FORKS 150

static volatile int stop;

/* The calls that take the runner's locks: a write-enabling mprotect and a
 * munmap (the fast path's site table), a read of /proc/self/maps (the
 * virtual file's pass). */
static int locked_calls(void)
{
    char *p = mmap(0, 8192, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return 0;
    int ok = mprotect(p, 4096, PROT_READ | PROT_WRITE) == 0;
    ok &= munmap(p, 8192) == 0;
    int fd = open("/proc/self/maps", O_RDONLY);
    char buf[512];
    ok &= fd >= 0 && read(fd, buf, sizeof buf) > 0;
    if (fd >= 0)
        close(fd);
    return ok;
}

static void *busy(void *arg)
{
    long bad = 0;
    while (!stop)
        bad += !locked_calls();
    return (void *)(bad + (long)arg * 0);
}

/* 1 when the child exited 0 within the deadline; otherwise it is killed. */
static int child_finished(pid_t child)
{
    struct timespec tick = {0, 1000000};
    for (int ms = 0; ms < 20000; ms++) {
        int status;
        pid_t w = waitpid(child, &status, WNOHANG);
        if (w == child)
            return WIFEXITED(status) && WEXITSTATUS(status) == 0;
        if (w < 0)
            return 0;
        nanosleep(&tick, 0);
    }
    kill(child, SIGKILL);
    waitpid(child, 0, 0);
    return 0;
}

int main(void)
{
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        REQUIRE(pthread_create(&th[i], 0, busy, 0) == 0);
    int hung = 0;
    for (int i = 0; i < FORKS && !hung; i++) {
        pid_t child = fork();
        if (child == 0)
            _exit(locked_calls() && syscall(SYS_getppid) > 0 ? 0 : 1);
        REQUIRE(child > 0);
        if (!child_finished(child)) {
            fprintf(stderr, "fork_while_locked: child %d of %d did not finish in 20 s\n",
                    i + 1, FORKS);
            hung = 1;
        }
    }
    stop = 1;
    for (int i = 0; i < 2; i++) {
        void *r;
        pthread_join(th[i], &r);
        CHECK_EQ((long)r, 0);
    }
    CHECK_EQ(hung, 0);
    return check_done();
}
