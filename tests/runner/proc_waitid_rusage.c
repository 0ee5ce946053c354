/* proc_waitid_rusage: the raw waitid system call's fifth argument receives
 * the child's rusage (the layout glibc's struct rusage has). */
#include "check.h"
#include <sys/resource.h>
#include <sys/syscall.h>

int main(void)
{
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        struct timespec ts;
        long long start, t;
        volatile unsigned x = 0;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        start = ts.tv_sec * 1000000000LL + ts.tv_nsec;
        do {
            for (int i = 0; i < 10000; i++)
                x += i;
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
            t = ts.tv_sec * 1000000000LL + ts.tv_nsec;
        } while (t - start < 150000000LL);
        _exit(2);
    }
    siginfo_t si;
    struct rusage ru;
    memset(&si, 0, sizeof si);
    memset(&ru, 0xff, sizeof ru);
    CHECK_SYS(syscall(SYS_waitid, P_PID, pid, &si, WEXITED, &ru));
    CHECK_EQ(si.si_pid, pid);
    CHECK_EQ(si.si_status, 2);
    long long us = ru.ru_utime.tv_sec * 1000000LL + ru.ru_utime.tv_usec +
                   ru.ru_stime.tv_sec * 1000000LL + ru.ru_stime.tv_usec;
    if (!CHECK(us >= 100000 && us < 5000000))
        fprintf(stderr, "  rusage time %lld us\n", us);
    CHECK(ru.ru_maxrss > 0 && ru.ru_maxrss < 16 * 1024 * 1024);
    CHECK(ru.ru_minflt > 0);
    return check_done();
}
