/* The program tests/gdb/run.sh debugs: a struct with pointer and long
 * members (4 bytes each on x32), a helper to step into and finish, a libc
 * call to break in, a variable to change, a signal handler to backtrace
 * through, a second thread, a loop to watch and an optional crash.  Line
 * numbers matter: the scripts name them by the LINE markers. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct record {
    const char *name;
    long count;
    int *target;
};

static volatile int handled;
static volatile int counter;

static int twice_plus_one(int x)
{
    int y = x * 2; /* LINE:helper-body */
    return y + 1;
}

static void on_usr1(int sig)
{
    handled = sig; /* LINE:handler-body */
}

static void *worker(void *arg)
{
    counter += (int)(long)arg; /* LINE:worker-body */
    return arg;
}

static void crash(int *p)
{
    *p = 7; /* LINE:crash */
}

int main(int argc, char **argv)
{
    int value = 5;
    struct record rec = {"hello", 42L, &value};
    pthread_t th;

    value = twice_plus_one(value); /* LINE:call-helper */
    printf("value=%d name=%s len=%zu\n", value, rec.name, strlen(rec.name));
    signal(SIGUSR1, on_usr1);
    raise(SIGUSR1);
    pthread_create(&th, 0, worker, (void *)5L);
    pthread_join(th, 0);
    for (int i = 0; i < 3; i++)
        counter++; /* LINE:loop */
    printf("counter=%d handled=%d\n", counter, handled);
    if (argc > 1 && strcmp(argv[1], "crash") == 0)
        crash(0);
    return value + (argc > 1 && strcmp(argv[1], "exit-arg") == 0 ? 100 : 0); /* LINE:return */
}
