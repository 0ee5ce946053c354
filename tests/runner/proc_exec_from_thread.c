/* proc_exec_from_thread: execve called from a non-main thread replaces the
 * whole process (the other threads vanish, the pid stays the same). */
// build: -pthread
#include "check.h"
#include <pthread.h>

static const char *helper;
static void *exec_it(void *arg)
{
    (void)arg;
    execl(helper, "helper_prog", "exit", "61", (char *)NULL);
    return NULL;
}

static void *spin(void *arg)
{
    (void)arg;
    for (;;)
        sleep_ms(10);
    return NULL;
}

static void child(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, spin, NULL);
    pthread_create(&b, NULL, exec_it, NULL);
    pthread_join(b, NULL);
    _exit(100);                         /* exec failed */
}

int main(void)
{
    helper = helper_path("helper_prog");
    CHECK_EXITED(run_child(child), 61);
    return check_done();
}
