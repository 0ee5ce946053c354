/* signal_segv_in_thread: faults in several threads at once are delivered to
 * the faulting thread, each recovering with its own siglongjmp. */
// build: -pthread
#include "check.h"
#include <pthread.h>
#include <setjmp.h>

static __thread sigjmp_buf env;
static __thread volatile void *fault_addr;
static void handler(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    fault_addr = si->si_addr;
    siglongjmp(env, 1);
}

static void *work(void *arg)
{
    intptr_t base = (intptr_t)arg;
    volatile int ok = 0;
    for (int i = 0; i < 100; i++) {
        volatile char *bad = (volatile char *)(base + i * 8);
        if (sigsetjmp(env, 1) == 0) {
            (void)*bad;
        } else if (fault_addr == (void *)bad) {
            ok++;
        }
    }
    return (void *)(intptr_t)ok;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGSEGV, &sa, NULL));
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        REQUIRE(pthread_create(&t[i], NULL, work, (void *)(intptr_t)(0x1000 + i * 0x1000)) == 0);
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(t[i], &r);
        CHECK_EQ((intptr_t)r, 100);
    }
    return check_done();
}
