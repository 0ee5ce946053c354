/* misc_rseq_getcpu: glibc registered rseq at start-up (__rseq_size > 0) and
 * the kernel keeps its cpu_id field current; sched_getcpu and getcpu agree
 * with it and with the affinity mask. */
#include "check.h"
#include <sched.h>
#include <sys/rseq.h>
#include <sys/syscall.h>

int main(void)
{
    int cpu = sched_getcpu();
    CHECK(cpu >= 0);
    cpu_set_t set;
    CHECK_SYS(sched_getaffinity(0, sizeof set, &set));
    CHECK(CPU_COUNT(&set) >= 1);
    if (cpu >= 0)
        CHECK(CPU_ISSET(cpu, &set));
    unsigned c2 = 9999, node = 9999;
    CHECK_SYS(getcpu(&c2, &node));
    CHECK(c2 < CPU_SETSIZE);
    CHECK(node < 1024);

    CHECK(__rseq_size >= 20);
    if (__rseq_size >= 20) {
        struct rseq *rs = (struct rseq *)((char *)__builtin_thread_pointer() + __rseq_offset);
        int match = 0;
        for (int i = 0; i < 100 && !match; i++) {
            unsigned k = rs->cpu_id;
            match = (int)k == sched_getcpu();
        }
        CHECK(match);
        CHECK((int)rs->cpu_id_start >= 0);
        /* Registering again is refused: the area is already registered. */
        long r = syscall(SYS_rseq, rs, __rseq_size, 0, RSEQ_SIG);
        CHECK(r == -1 && (errno == EBUSY || errno == EINVAL));
    }
    /* Pinning to one CPU is reflected. */
    int first = -1;
    for (int i = 0; i < CPU_SETSIZE; i++)
        if (CPU_ISSET(i, &set)) {
            first = i;
            break;
        }
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    CHECK_SYS(sched_setaffinity(0, sizeof one, &one));
    sched_yield();
    CHECK_EQ(sched_getcpu(), first);
    return check_done();
}
