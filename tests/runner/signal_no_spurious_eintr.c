/* signal_no_spurious_eintr: calls that never block never fail with EINTR,
 * even when a handler without SA_RESTART keeps interrupting the process.
 *
 * A kernel delivers a signal either before a call starts or after it ends,
 * so FUTEX_WAKE, a read of /dev/null or close() cannot see EINTR.  x32-run
 * takes signals while it is translating a call, before the host call is
 * made; that call has not happened, so it must be restarted whatever
 * SA_RESTART says.  glibc treats EINTR from FUTEX_WAKE as fatal ("The futex
 * facility returned an unexpected error code"), which is how glibc's
 * tst-mallocfork2 found this. */
#include "check.h"
#include <fcntl.h>
#include <linux/futex.h>
#include <sys/syscall.h>

#define SIGNALS 20000
static volatile sig_atomic_t got;
static void on_usr1(int sig) { (void)sig; got++; }

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1; /* no SA_RESTART: blocking calls would see EINTR */
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));

    pid_t parent = getpid();
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        for (int i = 0; i < SIGNALS; i++)
            kill(parent, SIGUSR1);
        _exit(0);
    }
    int null = open("/dev/null", O_RDWR);
    REQUIRE_SYS(null);
    static int word;
    long eintr_wake = 0, eintr_read = 0, eintr_write = 0, eintr_close = 0, other = 0;
    long rounds = 0;
    char buf[8];
    int status;
    while (waitpid(pid, &status, WNOHANG) == 0 || rounds < 1000) {
        rounds++;
        long r = syscall(SYS_futex, &word, FUTEX_WAKE, 1, NULL, NULL, 0);
        if (r < 0)
            errno == EINTR ? eintr_wake++ : other++;
        if (read(null, buf, sizeof buf) < 0)
            errno == EINTR ? eintr_read++ : other++;
        if (write(null, "x", 1) < 0)
            errno == EINTR ? eintr_write++ : other++;
        int fd = dup(null);
        if (fd < 0 || close(fd) < 0)
            errno == EINTR ? eintr_close++ : other++;
    }
    CHECK_EQ(eintr_wake, 0);
    CHECK_EQ(eintr_read, 0);
    CHECK_EQ(eintr_write, 0);
    CHECK_EQ(eintr_close, 0);
    CHECK_EQ(other, 0);
    CHECK(got > 0);
    return check_done();
}
