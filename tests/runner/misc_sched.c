/* misc_sched: scheduler queries and priorities: sched_getscheduler,
 * sched_getparam, sched_rr_get_interval (a timespec), nice and
 * getpriority/setpriority, sched_yield. */
#include "check.h"
#include <sched.h>
#include <sys/resource.h>

int main(void)
{
    CHECK_EQ(sched_getscheduler(0), SCHED_OTHER);
    struct sched_param sp = { .sched_priority = -1 };
    CHECK_SYS(sched_getparam(0, &sp));
    CHECK_EQ(sp.sched_priority, 0);
    CHECK_EQ(sched_get_priority_max(SCHED_FIFO), 99);
    CHECK_EQ(sched_get_priority_min(SCHED_FIFO), 1);
    struct timespec ts = { -1, -1 };
    CHECK_SYS(sched_rr_get_interval(0, &ts));
    CHECK(ts.tv_sec >= 0 && ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000);
    CHECK_SYS(sched_yield());

    errno = 0;
    int before = getpriority(PRIO_PROCESS, 0);
    CHECK_EQ(errno, 0);
    errno = 0;
    int n = nice(3);
    CHECK_EQ(errno, 0);
    CHECK_EQ(n, before + 3);
    CHECK_EQ(getpriority(PRIO_PROCESS, 0), before + 3);
    CHECK_SYS(setpriority(PRIO_PROCESS, 0, before + 5));
    CHECK_EQ(getpriority(PRIO_PROCESS, getpid()), before + 5);
    /* A child inherits the nice value. */
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0)
        _exit(getpriority(PRIO_PROCESS, 0) == before + 5 ? 0 : 1);
    CHECK_EXITED(wait_status(pid), 0);
    CHECK_ERR(sched_setscheduler(0, 12345, &sp), EINVAL);
    return check_done();
}
