/* signal_set_sizes: each signal call has its own rule for its sigset size
 * argument, as the x32 kernel applies them: rt_sigpending takes any size up
 * to 8 and writes exactly that many bytes; rt_sigprocmask, rt_sigsuspend,
 * rt_sigtimedwait, signalfd4, ppoll, pselect6 and epoll_pwait want exactly 8
 * (EINVAL otherwise, before the set is read); rt_sigaction reads the new
 * action (EFAULT) before it checks the signal number (EINVAL). */
#define _GNU_SOURCE
#include "check.h"
#include <poll.h>
#include <sys/epoll.h>
#include <sys/syscall.h>

#define BAD ((void *)8) /* an address no call may read */

int main(void)
{
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    sigaddset(&s, SIGRTMIN + 2);
    REQUIRE_SYS(sigprocmask(SIG_BLOCK, &s, 0));
    raise(SIGUSR1);
    raise(SIGRTMIN + 2);
    uint64_t want = (1ULL << (SIGUSR1 - 1)) | (1ULL << (SIGRTMIN + 2 - 1));

    for (int size = 0; size <= 8; size++) {
        unsigned char b[16];
        memset(b, 0xaa, sizeof b);
        CHECK_EQ(syscall(SYS_rt_sigpending, b, size), 0);
        for (int i = 0; i < 16; i++)
            CHECK_EQ(b[i], i < size ? (unsigned char)(want >> (8 * i)) : 0xaa);
    }
    CHECK_ERR(syscall(SYS_rt_sigpending, &s, 9), EINVAL);
    CHECK_EQ(syscall(SYS_rt_sigpending, BAD, 0), 0); /* nothing to write */
    CHECK_ERR(syscall(SYS_rt_sigpending, BAD, 4), EFAULT);

    CHECK_ERR(syscall(SYS_rt_sigprocmask, SIG_BLOCK, BAD, 0, 4), EINVAL);
    CHECK_ERR(syscall(SYS_rt_sigsuspend, BAD, 4), EINVAL);
    CHECK_ERR(syscall(SYS_rt_sigtimedwait, BAD, 0, 0, 4), EINVAL);
    CHECK_ERR(syscall(SYS_signalfd4, -1, BAD, 4, 0), EINVAL);
    struct timespec zero = {0, 0};
    CHECK_ERR(syscall(SYS_ppoll, 0, 0, &zero, BAD, 4), EINVAL);
    /* pselect6's sixth argument: {sigset pointer, size}, 64-bit words on x32 too */
    uint64_t pack[2] = {(uint64_t)(uintptr_t)BAD, 4};
    CHECK_ERR(syscall(SYS_pselect6, 0, 0, 0, 0, &zero, pack), EINVAL);
    int ep = epoll_create1(EPOLL_CLOEXEC);
    REQUIRE_SYS(ep);
    struct epoll_event ev;
    CHECK_ERR(syscall(SYS_epoll_pwait, ep, &ev, 1, 0, BAD, 4), EINVAL);
    /* With the right size, the same calls work. */
    CHECK_EQ(syscall(SYS_ppoll, 0, 0, &zero, &s, 8), 0);
    pack[0] = (uint64_t)(uintptr_t)&s;
    pack[1] = 8;
    CHECK_EQ(syscall(SYS_pselect6, 0, 0, 0, 0, &zero, pack), 0);
    CHECK_EQ(syscall(SYS_epoll_pwait, ep, &ev, 1, 0, &s, 8), 0);

    CHECK_ERR(syscall(SYS_rt_sigaction, 99, BAD, 0, 8), EFAULT);
    CHECK_ERR(syscall(SYS_rt_sigaction, 99, 0, 0, 8), EINVAL);
    CHECK_ERR(syscall(SYS_rt_sigaction, SIGUSR1, 0, 0, 4), EINVAL);
    return check_done();
}
