/* thread_robust_list_unmapped: a robust mutex locked in memory the program
 * then unmaps leaves its robust list pointing at nothing.  The kernel stops
 * its walk at the first pointer it cannot read, and the program goes on and
 * exits as usual.  x32-run's walk faulted too, recovered once and left the
 * fault signal blocked, so the next fault (the next call's walk) killed the
 * program with SIGSEGV; found by libc-test's pthread-robust-detach with musl,
 * whose list ran through a mutex in a stack frame long gone. */
// build: -pthread
#include "check.h"
#include <pthread.h>
#include <sys/mman.h>

static void child_exits(void)
{
    getppid(); /* its calls and its exit walk the list it inherited */
}

int main(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    REQUIRE(pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST) == 0);
    pthread_mutex_t *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                              -1, 0);
    REQUIRE(m != MAP_FAILED);
    CHECK_EQ(pthread_mutex_init(m, &a), 0);
    CHECK_EQ(pthread_mutex_lock(m), 0); /* on this thread's robust list now */
    CHECK_SYS(munmap(m, 4096));
    for (int i = 0; i < 3; i++)
        CHECK(getppid() > 0);
    CHECK_EXITED(run_child(child_exits), 0);
    return check_done(); /* and exit, through one more walk */
}
