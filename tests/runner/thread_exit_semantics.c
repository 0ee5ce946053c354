/* thread_exit_semantics: exit() in a non-main thread ends the whole process
 * with its status; pthread_exit in main lets other threads finish, and the
 * process exits 0 when the last one returns; detached threads run. */
// build: -pthread
#include "check.h"
#include <pthread.h>

static void *exit_whole(void *arg)
{
    (void)arg;
    sleep_ms(20);
    exit(13);
}

static void exit_from_thread(void)
{
    pthread_t t;
    pthread_create(&t, NULL, exit_whole, NULL);
    for (;;)
        pause();
}

static int fds[2];
static void *late_writer(void *arg)
{
    (void)arg;
    sleep_ms(50);
    (void)!write(fds[1], "done", 4);
    return NULL;
}

static void main_pthread_exit(void)
{
    pthread_t t;
    pthread_create(&t, NULL, late_writer, NULL);
    pthread_exit(NULL);
}

static volatile int detached_ran;
static void *detached(void *arg) { (void)arg; detached_ran = 1; return NULL; }

int main(void)
{
    CHECK_EXITED(run_child(exit_from_thread), 13);

    REQUIRE_SYS(pipe(fds));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0)
        main_pthread_exit();
    close(fds[1]);
    char buf[8] = "";
    CHECK_EQ(read(fds[0], buf, sizeof buf), 4);
    CHECK_EXITED(wait_status(pid), 0);

    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    pthread_t t;
    CHECK_EQ(pthread_create(&t, &a, detached, NULL), 0);
    for (int i = 0; i < 1000 && !detached_ran; i++)
        sleep_ms(1);
    CHECK(detached_ran);
    CHECK_EQ(pthread_join(t, NULL) == 0, 0);    /* not joinable */
    return check_done();
}
