/* proc_atexit_flush: exit() runs atexit handlers in reverse order and
 * flushes stdio buffers; _exit() does neither. */
#include "check.h"

static void first(void) { printf("first-registered\n"); }
static void second(void) { printf("second-registered\n"); }

static char *capture(int use_exit)
{
    static char buf[256];
    int fds[2];
    if (pipe(fds) != 0)
        return NULL;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        atexit(first);
        atexit(second);
        printf("buffered ");
        if (use_exit)
            exit(4);
        _exit(4);
    }
    close(fds[1]);
    size_t got = 0;
    ssize_t n;
    while ((n = read(fds[0], buf + got, sizeof buf - 1 - got)) > 0)
        got += n;
    buf[got] = 0;
    close(fds[0]);
    CHECK_EXITED(wait_status(pid), 4);
    return buf;
}

int main(void)
{
    CHECK_STR(capture(1), "buffered second-registered\nfirst-registered\n");
    CHECK_STR(capture(0), "");
    return check_done();
}
