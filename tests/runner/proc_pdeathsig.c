/* proc_pdeathsig: PR_SET_PDEATHSIG delivers the chosen signal to a child
 * when its parent dies; PR_GET_PDEATHSIG reads it back. */
#include "check.h"
#include <sys/prctl.h>

int main(void)
{
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    fflush(NULL);
    pid_t middle = fork();
    REQUIRE_SYS(middle);
    if (middle == 0) {
        pid_t grandchild = fork();
        if (grandchild == 0) {
            close(fds[0]);
            int sig = 0;
            prctl(PR_SET_PDEATHSIG, SIGUSR1);
            prctl(PR_GET_PDEATHSIG, &sig);
            if (sig != SIGUSR1)
                _exit(3);
            sigset_t s;
            sigemptyset(&s);
            sigaddset(&s, SIGUSR1);
            sigprocmask(SIG_BLOCK, &s, NULL);
            (void)!write(fds[1], "r", 1);
            siginfo_t si;
            struct timespec ts = { 10, 0 };
            int got = sigtimedwait(&s, &si, &ts);
            char res = got == SIGUSR1 ? 'k' : 'n';
            (void)!write(fds[1], &res, 1);
            _exit(0);
        }
        char c;
        if (read(fds[0], &c, 1) != 1)
            _exit(2);
        _exit(0);                       /* die: the grandchild gets SIGUSR1 */
    }
    close(fds[1]);
    CHECK_EXITED(wait_status(middle), 0);
    char c[2] = "";
    ssize_t n = read(fds[0], c, 1);
    if (n == 1 && c[0] == 'r')
        n = read(fds[0], c, 1);
    CHECK_EQ(n, 1);
    CHECK_EQ(c[0], 'k');
    return check_done();
}
