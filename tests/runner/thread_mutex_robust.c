/* thread_mutex_robust: a robust mutex whose owner dies (a thread that exits,
 * or a process killed by SIGKILL while holding a process-shared one) is
 * handed to the next locker with EOWNERDEAD; pthread_mutex_consistent makes
 * it usable again.  (This needs the kernel's robust-list walk at death.) */
// build: -pthread
#include "check.h"
#include <pthread.h>
#include <sys/mman.h>

static pthread_mutex_t *rm;

static void *die_holding(void *arg)
{
    (void)arg;
    pthread_mutex_lock(rm);
    return NULL;                        /* exits without unlocking */
}

/* lock_within: pthread_mutex_timedlock with a 3 s deadline, so that a missing
 * owner-death notification shows up as ETIMEDOUT instead of a hang. */
static int lock_within(pthread_mutex_t *mx)
{
    struct timespec dl;
    clock_gettime(CLOCK_REALTIME, &dl);
    dl.tv_sec += 3;
    return pthread_mutex_timedlock(mx, &dl);
}

static void init_robust(pthread_mutex_t *mx, int pshared)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    CHECK_EQ(pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST), 0);
    if (pshared)
        CHECK_EQ(pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED), 0);
    int e = pthread_mutex_init(mx, &a);
    if (!CHECK_EQ(e, 0))
        fprintf(stderr, "  pthread_mutex_init(robust): %s\n", strerror(e));
    pthread_mutexattr_destroy(&a);
}

int main(void)
{
    static pthread_mutex_t local;
    rm = &local;
    init_robust(rm, 0);
    pthread_t t;
    REQUIRE(pthread_create(&t, NULL, die_holding, NULL) == 0);
    pthread_join(t, NULL);
    int e = lock_within(rm);
    CHECK_EQ(e, EOWNERDEAD);
    if (e == EOWNERDEAD)
        CHECK_EQ(pthread_mutex_consistent(rm), 0);
    if (e == 0 || e == EOWNERDEAD) {
        CHECK_EQ(pthread_mutex_unlock(rm), 0);
        CHECK_EQ(lock_within(rm), 0);
        CHECK_EQ(pthread_mutex_unlock(rm), 0);
    }

    /* Process-shared, owner killed. */
    pthread_mutex_t *shm = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                                -1, 0);
    REQUIRE(shm != MAP_FAILED);
    init_robust(shm, 1);
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        pthread_mutex_lock(shm);
        (void)!write(fds[1], "L", 1);
        for (;;)
            pause();
    }
    char c;
    CHECK_EQ(read(fds[0], &c, 1), 1);
    kill(pid, SIGKILL);
    wait_status(pid);
    e = lock_within(shm);
    CHECK_EQ(e, EOWNERDEAD);
    if (e == EOWNERDEAD)
        CHECK_EQ(pthread_mutex_consistent(shm), 0);
    if (e == 0 || e == EOWNERDEAD)
        CHECK_EQ(pthread_mutex_unlock(shm), 0);
    return check_done();
}
