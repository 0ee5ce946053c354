/* proc_pidfd: pidfd_open gives a descriptor that polls readable when the
 * process exits, pidfd_send_signal kills it, and waitid(P_PIDFD) reaps it. */
#include "check.h"
#include <poll.h>
#include <sys/syscall.h>

#ifndef P_PIDFD
#define P_PIDFD 3
#endif

int main(void)
{
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0)
        for (;;)
            pause();
    int pfd = (int)syscall(SYS_pidfd_open, pid, 0);
    REQUIRE_SYS(pfd);
    struct pollfd p = { pfd, POLLIN, 0 };
    CHECK_EQ(poll(&p, 1, 50), 0);
    CHECK_SYS(syscall(SYS_pidfd_send_signal, pfd, SIGTERM, NULL, 0));
    CHECK_EQ(poll(&p, 1, 5000), 1);
    CHECK(p.revents & POLLIN);
    siginfo_t si;
    memset(&si, 0, sizeof si);
    CHECK_SYS(waitid(P_PIDFD, pfd, &si, WEXITED));
    CHECK_EQ(si.si_pid, pid);
    CHECK_EQ(si.si_code, CLD_KILLED);
    CHECK_EQ(si.si_status, SIGTERM);
    close(pfd);
    CHECK_ERR(syscall(SYS_pidfd_open, 0x3ffffff0, 0), ESRCH);
    return check_done();
}
