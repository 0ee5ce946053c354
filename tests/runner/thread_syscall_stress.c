/* thread_syscall_stress: eight threads make system calls concurrently
 * (plain ones, translated ones like readv and recvmsg, and clock reads)
 * while the main thread keeps signalling them: every call returns the right
 * result in the right thread. */
// build: -pthread
#include "check.h"
#include <fcntl.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/uio.h>

#define NT 8
#define ROUNDS 10000
static volatile int stop;
static volatile long long handled;
static int wrong[NT];

static void on_usr1(int sig) { (void)sig; __atomic_add_fetch(&handled, 1, __ATOMIC_RELAXED); }

static void *worker(void *arg)
{
    int i = (int)(intptr_t)arg;
    int zero = open("/dev/zero", O_RDONLY);
    int sv[2];
    if (zero < 0 || socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) != 0) {
        wrong[i] = -1;
        return NULL;
    }
    pid_t tid = gettid();
    for (int r = 0; r < ROUNDS; r++) {
        if (gettid() != tid || getpid() <= 0)
            wrong[i]++;
        char a[3] = { 1, 1, 1 }, b[5] = { 1, 1, 1, 1, 1 };
        struct iovec iov[2] = { { a, 3 }, { b, 5 } };
        if (readv(zero, iov, 2) != 8 || a[2] || b[4])
            wrong[i]++;
        char msg[16];
        int n = snprintf(msg, sizeof msg, "%d:%d", i, r);
        if (send(sv[0], msg, n, 0) != n)
            wrong[i]++;
        char got[16] = "";
        struct iovec riov = { got, sizeof got - 1 };
        struct msghdr m = { .msg_iov = &riov, .msg_iovlen = 1 };
        ssize_t k;
        do {
            k = recvmsg(sv[1], &m, 0);
        } while (k == -1 && errno == EINTR);
        if (k != n || memcmp(got, msg, n) != 0)
            wrong[i]++;
        struct timespec ts;
        if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
            wrong[i]++;
    }
    close(zero);
    close(sv[0]);
    close(sv[1]);
    return NULL;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    sa.sa_flags = SA_RESTART;
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));
    pthread_t t[NT];
    for (int i = 0; i < NT; i++)
        REQUIRE(pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i) == 0);
    long long sent = 0;
    for (int k = 0; k < 2000; k++) {
        if (pthread_kill(t[k % NT], SIGUSR1) == 0)
            sent++;
        if (k % 50 == 0)
            sleep_ms(1);
    }
    for (int i = 0; i < NT; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < NT; i++)
        if (!CHECK_EQ(wrong[i], 0))
            fprintf(stderr, "  thread %d\n", i);
    CHECK(handled >= 1);
    CHECK(handled <= sent);
    return check_done();
}
