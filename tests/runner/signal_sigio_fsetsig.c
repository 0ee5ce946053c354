/* signal_sigio_fsetsig: O_ASYNC on a pipe with F_SETOWN raises SIGIO when
 * data arrives; with F_SETSIG a real-time signal carries si_code POLL_IN,
 * si_fd and si_band (the "poll" siginfo layout). */
#include "check.h"
#include <fcntl.h>
#include <poll.h>

static volatile sig_atomic_t io_hits, rt_hits;
static siginfo_t rt_info;
static void on_io(int sig) { (void)sig; io_hits++; }
static void on_rt(int sig, siginfo_t *si, void *uc) { (void)sig; (void)uc; rt_info = *si; rt_hits++; }

int main(void)
{
    signal(SIGIO, on_io);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_rt;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGRTMIN + 6, &sa, NULL));

    int fds[2];
    REQUIRE_SYS(pipe(fds));
    CHECK_SYS(fcntl(fds[0], F_SETOWN, getpid()));
    CHECK_EQ(fcntl(fds[0], F_GETOWN), getpid());
    CHECK_SYS(fcntl(fds[0], F_SETFL, O_ASYNC | O_NONBLOCK));
    CHECK_EQ(write(fds[1], "a", 1), 1);
    for (int i = 0; i < 100 && !io_hits; i++)
        sleep_ms(1);
    CHECK(io_hits >= 1);
    char c;
    CHECK_EQ(read(fds[0], &c, 1), 1);

    CHECK_SYS(fcntl(fds[0], F_SETSIG, SIGRTMIN + 6));
    CHECK_EQ(fcntl(fds[0], F_GETSIG), SIGRTMIN + 6);
    CHECK_EQ(write(fds[1], "b", 1), 1);
    for (int i = 0; i < 100 && !rt_hits; i++)
        sleep_ms(1);
    CHECK_EQ(rt_hits, 1);
    CHECK_EQ(rt_info.si_signo, SIGRTMIN + 6);
    CHECK_EQ(rt_info.si_code, POLL_IN);
    CHECK_EQ(rt_info.si_fd, fds[0]);
    CHECK(rt_info.si_band & POLLIN);
    return check_done();
}
