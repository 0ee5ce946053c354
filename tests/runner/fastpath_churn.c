/* fastpath_churn: threads, fork, vfork+exec and thread exit, over and over,
 * all making calls through the same patched sites.  Children inherit the
 * rewritten pages (and the stubs they jump to); threads get their own hook
 * state; an exec'd program starts without any.  Every result and exit
 * status must be exact. */
// build: -pthread
#include "check.h"
#include "fastpath_site.h"
#include <pthread.h>
#include <sys/syscall.h>

static long parent;

static long site_ok(long want)
{
    long long out[5];
    site_leaf(out);
    return out[0] == want && out[2] == 0 && out[3] == SITE_XMM && out[4] == SITE_XMM;
}

static void *thread_body(void *arg)
{
    long bad = 0;
    for (int i = 0; i < 200; i++)
        bad += !site_ok(parent) + (syscall(SYS_getppid) != parent);
    return (void *)(bad + (long)arg * 0);
}

int main(void)
{
    parent = (long)getppid();
    for (int i = 0; i < 3; i++)
        CHECK(site_ok(parent));
    for (int round = 0; round < 20; round++) {
        pthread_t th[4];
        for (int i = 0; i < 4; i++)
            REQUIRE(pthread_create(&th[i], 0, thread_body, 0) == 0);
        fflush(NULL);
        pid_t child = fork();
        if (child == 0) {
            /* the child's parent is this process: the site must say so */
            long me = (long)getppid(), bad = 0;
            for (int i = 0; i < 100; i++)
                bad += !site_ok(me);
            _exit(bad ? 1 : 40 + round % 10);
        }
        REQUIRE(child > 0);
        pid_t v = vfork();
        if (v == 0) {
            execl(helper_path("helper_prog"), "helper_prog", "exit", "37", (char *)0);
            _exit(99);
        }
        REQUIRE(v > 0);
        for (int i = 0; i < 4; i++) {
            void *r;
            pthread_join(th[i], &r);
            CHECK_EQ((long)r, 0);
        }
        CHECK_EXITED(wait_status(child), 40 + round % 10);
        CHECK_EXITED(wait_status(v), 37);
        if (check_failures)
            break;
    }
    site_state_ok();
    return check_done();
}
