/*
 * A server closes idle connections with a timer wheel from an old library
 * whose API carries an `int` cookie for the callback, designed when ints and
 * pointers were the same size. The server passes its connection pointer
 * through it.
 *
 * This is the inverse case: on x32 (and i386) a pointer fits in an int and
 * the code works; on x86-64 heap pointers are above 4 GiB, the cookie keeps
 * only the low 32 bits, and the callback dereferences garbage. x32 hides a
 * bug that LP64 shows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- timerwheel.h (the old library) ---- */
typedef void (*timer_cb)(int cookie);

struct timer {
    unsigned due_ms;
    timer_cb cb;
    int cookie;
};

static struct timer wheel[16];
static unsigned ntimers;

static void timer_add(unsigned due_ms, timer_cb cb, int cookie)
{
    if (ntimers < sizeof wheel / sizeof wheel[0])
        wheel[ntimers++] = (struct timer){ due_ms, cb, cookie };
}

static int by_due(const void *a, const void *b)
{
    const struct timer *x = a, *y = b;

    return (x->due_ms > y->due_ms) - (x->due_ms < y->due_ms);
}

static void timer_run_all(void)
{
    qsort(wheel, ntimers, sizeof wheel[0], by_due);
    for (unsigned i = 0; i < ntimers; i++)
        wheel[i].cb(wheel[i].cookie);
}
/* ---- end of timerwheel.h ---- */

struct conn {
    int fd;
    unsigned idle_ms;
    char peer[32];
};

static void on_idle(int cookie)
{
    struct conn *c = (struct conn *)cookie;

    printf("closing idle connection %d from %s after %u ms\n", c->fd, c->peer, c->idle_ms);
}

int main(void)
{
    static const char *const peers[] = { "10.0.0.7:51234", "10.0.0.9:40022", "192.168.1.4:3312" };

    for (int i = 0; i < 3; i++) {
        struct conn *c = calloc(1, sizeof *c);

        if (!c)
            return 1;
        c->fd = 10 + i;
        c->idle_ms = 3000u - 1000u * (unsigned)i;
        snprintf(c->peer, sizeof c->peer, "%s", peers[i]);
        timer_add(c->idle_ms, on_idle, (int)c);
    }
    fflush(stdout);
    timer_run_all();
    return 0;
}
