/* io_mq_notify: POSIX message queues: send/receive with priorities and
 * timed receive, and mq_notify with SIGEV_SIGNAL delivering SI_MESGQ and the
 * sigev_value when a message arrives on an empty queue. */
// build: -lrt
#include "check.h"
#include <fcntl.h>
#include <mqueue.h>

static volatile sig_atomic_t hits;
static siginfo_t got;
static void handler(int sig, siginfo_t *si, void *uc) { (void)sig; (void)uc; got = *si; hits++; }

int main(void)
{
    char name[64];
    snprintf(name, sizeof name, "/x32-mq-%d", (int)getpid());
    struct mq_attr attr = { .mq_maxmsg = 8, .mq_msgsize = 64 };
    mqd_t q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &attr);
    REQUIRE(q != (mqd_t)-1);
    struct mq_attr a2;
    CHECK_SYS(mq_getattr(q, &a2));
    CHECK_EQ(a2.mq_maxmsg, 8);
    CHECK_EQ(a2.mq_msgsize, 64);

    CHECK_SYS(mq_send(q, "low", 3, 1));
    CHECK_SYS(mq_send(q, "high", 4, 9));
    char buf[64];
    unsigned prio = 0;
    CHECK_EQ(mq_receive(q, buf, sizeof buf, &prio), 4);
    CHECK_EQ(prio, 9);
    CHECK_EQ(mq_receive(q, buf, sizeof buf, &prio), 3);
    CHECK_EQ(prio, 1);
    struct timespec dl;
    clock_gettime(CLOCK_REALTIME, &dl);
    dl.tv_nsec += 100000000;
    if (dl.tv_nsec >= 1000000000) {
        dl.tv_sec++;
        dl.tv_nsec -= 1000000000;
    }
    CHECK_ERR(mq_timedreceive(q, buf, sizeof buf, &prio, &dl), ETIMEDOUT);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGUSR1, &sa, NULL));
    struct sigevent sev;
    memset(&sev, 0, sizeof sev);
    sev.sigev_notify = SIGEV_SIGNAL;
    sev.sigev_signo = SIGUSR1;
    sev.sigev_value.sival_int = 4711;
    CHECK_SYS(mq_notify(q, &sev));
    CHECK_SYS(mq_send(q, "ping", 4, 0));
    for (int i = 0; i < 1000 && !hits; i++)
        sleep_ms(1);
    CHECK_EQ(hits, 1);
    CHECK_EQ(got.si_code, SI_MESGQ);
    CHECK_EQ(got.si_value.sival_int, 4711);
    CHECK_EQ(got.si_pid, getpid());
    CHECK_SYS(mq_close(q));
    CHECK_SYS(mq_unlink(name));
    return check_done();
}
