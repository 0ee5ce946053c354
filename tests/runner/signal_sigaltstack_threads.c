/* signal_sigaltstack_threads: the alternate stack is per thread: a new
 * thread starts with none (SS_DISABLE), each thread's SA_ONSTACK handler
 * runs on that thread's own altstack. */
// build: -pthread
#include "check.h"
#include <pthread.h>

#define NT 4
static __thread char *my_alt;
static __thread size_t my_size;
static __thread volatile int ran_on_mine;
static int initial_flags[NT], results[NT];

static void handler(int sig)
{
    char local;
    (void)sig;
    ran_on_mine = my_alt && &local > my_alt && &local < my_alt + my_size;
}

static void *work(void *arg)
{
    int i = (int)(intptr_t)arg;
    stack_t q;
    sigaltstack(NULL, &q);
    initial_flags[i] = q.ss_flags;
    my_size = 64 * 1024;
    my_alt = malloc(my_size);
    stack_t ss = { .ss_sp = my_alt, .ss_size = my_size, .ss_flags = 0 };
    if (sigaltstack(&ss, NULL) != 0)
        return NULL;
    for (int k = 0; k < 50; k++) {
        ran_on_mine = 0;
        pthread_kill(pthread_self(), SIGUSR1);
        results[i] += ran_on_mine;
    }
    ss.ss_flags = SS_DISABLE;
    sigaltstack(&ss, NULL);
    return NULL;
}

int main(void)
{
    static char main_alt[65536];
    stack_t ss = { .ss_sp = main_alt, .ss_size = sizeof main_alt, .ss_flags = 0 };
    REQUIRE_SYS(sigaltstack(&ss, NULL));
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sa.sa_flags = SA_ONSTACK;
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));
    pthread_t t[NT];
    for (int i = 0; i < NT; i++)
        REQUIRE(pthread_create(&t[i], NULL, work, (void *)(intptr_t)i) == 0);
    for (int i = 0; i < NT; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < NT; i++) {
        CHECK_EQ(initial_flags[i], SS_DISABLE);
        CHECK_EQ(results[i], 50);
    }
    my_alt = main_alt;
    my_size = sizeof main_alt;
    raise(SIGUSR1);
    CHECK(ran_on_mine);
    return check_done();
}
