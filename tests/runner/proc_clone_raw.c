/* proc_clone_raw: glibc's clone() wrapper with a caller-provided stack:
 * a CLONE_VM child shares memory and reports its tid through
 * CLONE_PARENT_SETTID/CLONE_CHILD_CLEARTID; a plain clone acts as fork. */
#include "check.h"
#include <linux/futex.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/syscall.h>

static volatile int shared;
static volatile pid_t child_tid_seen;

static int child_fn(void *arg)
{
    shared = *(int *)arg;
    child_tid_seen = gettid();
    return 7;
}

int main(void)
{
    size_t sz = 256 * 1024;
    char *stk = mmap(NULL, sz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK,
                     -1, 0);
    REQUIRE(stk != MAP_FAILED);
    int value = 1234;
    pid_t ptid = 0;
    static volatile pid_t ctid;
    ctid = -1;
    pid_t pid = clone(child_fn, stk + sz, CLONE_VM | CLONE_PARENT_SETTID | CLONE_CHILD_CLEARTID |
                      SIGCHLD, &value, &ptid, NULL, &ctid);
    REQUIRE_SYS(pid);
    CHECK_EQ(ptid, pid);
    CHECK_EXITED(wait_status(pid), 7);
    CHECK_EQ(shared, 1234);
    CHECK_EQ(child_tid_seen, pid);
    /* CHILD_CLEARTID zeroes the word (and wakes futex waiters) at exit. */
    for (int i = 0; i < 1000 && ctid != 0; i++)
        sleep_ms(1);
    CHECK_EQ(ctid, 0);

    /* Without CLONE_VM: a separate address space. */
    shared = 0;
    value = 99;
    pid = clone(child_fn, stk + sz, SIGCHLD, &value);
    REQUIRE_SYS(pid);
    CHECK_EXITED(wait_status(pid), 7);
    CHECK_EQ(shared, 0);
    /* A bad flag combination is EINVAL. */
    CHECK_ERR(clone(child_fn, stk + sz, CLONE_SIGHAND | SIGCHLD, &value), EINVAL);
    return check_done();
}
