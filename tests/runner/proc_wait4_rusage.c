/* proc_wait4_rusage: wait4 returns the child's status and its rusage
 * (ru_utime of a CPU-burning child, ru_maxrss); getrusage(RUSAGE_CHILDREN)
 * accumulates it. */
#include "check.h"
#include <sys/resource.h>

int main(void)
{
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        volatile unsigned x = 0;
        char *mem = malloc(32 << 20);
        if (mem)
            memset(mem, 1, 32 << 20);
        struct timespec ts;
        long long start, t;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        start = ts.tv_sec * 1000000000LL + ts.tv_nsec;
        do {
            for (int i = 0; i < 100000; i++)
                x += i;
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
            t = ts.tv_sec * 1000000000LL + ts.tv_nsec;
        } while (t - start < 250000000LL);
        _exit(mem ? 5 : 6);
    }
    struct rusage ru;
    memset(&ru, 0xff, sizeof ru);
    int st = 0;
    CHECK_EQ(wait4(pid, &st, 0, &ru), pid);
    CHECK_EXITED(st, 5);
    long long ut_us = ru.ru_utime.tv_sec * 1000000LL + ru.ru_utime.tv_usec;
    long long st_us = ru.ru_stime.tv_sec * 1000000LL + ru.ru_stime.tv_usec;
    if (!CHECK(ut_us + st_us >= 150000 && ut_us + st_us < 5000000))
        fprintf(stderr, "  utime %lld us stime %lld us\n", ut_us, st_us);
    CHECK(ru.ru_utime.tv_usec >= 0 && ru.ru_utime.tv_usec < 1000000);
    /* ru_maxrss is in KiB: at least the 32 MiB the child touched. */
    if (!CHECK(ru.ru_maxrss >= 32 * 1024 && ru.ru_maxrss < 16 * 1024 * 1024))
        fprintf(stderr, "  ru_maxrss %ld\n", (long)ru.ru_maxrss);
    /* The child touched 32 MiB: 8192 faults in 4 KiB pages, but only about 16 where
     * transparent huge pages are on (Debian's kernel in x32-vm has them always). */
    if (!CHECK(ru.ru_minflt >= 10))
        fprintf(stderr, "  ru_minflt %ld\n", (long)ru.ru_minflt);

    struct rusage ch;
    CHECK_SYS(getrusage(RUSAGE_CHILDREN, &ch));
    long long ch_us = ch.ru_utime.tv_sec * 1000000LL + ch.ru_utime.tv_usec +
                      ch.ru_stime.tv_sec * 1000000LL + ch.ru_stime.tv_usec;
    CHECK(ch_us >= ut_us + st_us - 10000);
    return check_done();
}
