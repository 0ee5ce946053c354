/* proc_fork_in_thread: fork from a non-main thread makes a one-thread child
 * that continues in that thread's code with its TLS; the parent's threads
 * keep running. */
// build: -pthread
#include "check.h"
#include <dirent.h>
#include <pthread.h>

static __thread int which = 0;

static int count_threads(void)
{
    DIR *d = opendir("/proc/self/task");
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        if (e->d_name[0] != '.')
            n++;
    if (d)
        closedir(d);
    return n;
}

static void *forker(void *arg)
{
    (void)arg;
    which = 2;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        int ok = which == 2 && count_threads() == 1 && getpid() == gettid();
        _exit(ok ? 0 : 1);
    }
    return (void *)(intptr_t)wait_status(pid);
}

int main(void)
{
    which = 1;
    pthread_t t;
    void *st;
    REQUIRE(pthread_create(&t, NULL, forker, NULL) == 0);
    pthread_join(t, &st);
    CHECK_EXITED((int)(intptr_t)st, 0);
    CHECK_EQ(which, 1);
    /* The kernel wakes pthread_join when the thread clears its tid, a moment before
     * the thread leaves /proc/self/task: on a slow kernel (TCG) it can still be listed. */
    int n = count_threads();
    for (int i = 0; i < 100 && n != 1; i++) {
        usleep(10000);
        n = count_threads();
    }
    CHECK_EQ(n, 1);
    return check_done();
}
