/* tests/vm/syscall_table/ipc.c: inter-process communication: POSIX message queues
 * (mq_notify), System V shared memory and message queues, and the old AIO calls. */

#include "syscall_table.h"

void case_mq_notify(void)
{
    char name[48];
    snprintf(name, sizeof name, "/x32st-%d", (int)getpid());
    struct mq_attr at = {.mq_maxmsg = 4, .mq_msgsize = 32};
    mqd_t q = mq_open(name, O_CREAT | O_RDWR | O_EXCL, 0600, &at);
    out("open=%s", q == (mqd_t)-1 ? rv(-1) : "ok");
    if (q == (mqd_t)-1)
        return;
    mq_unlink(name);
    block(SIGUSR1);
    struct sigevent ev = signal_event(SIGUSR1, 31);
    out("%s", rv(mq_notify(q, &ev)));
    out("busy=%s", rv(mq_notify(q, &ev)));
    mq_send(q, "msg", 3, 5);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    siginfo_t si;
    memset(&si, 0, sizeof si);
    struct timespec ts = {2, 0};
    out("wait=%s", rv(sigtimedwait(&s, &si, &ts)));
    siginfo_fields(&si);
    out("value=%d pid=%s", si.si_value.sival_int, pidname(si.si_pid));
    struct mq_attr g;
    out("getattr=%s", rv(mq_getattr(q, &g)));
    out("curmsgs=%ld msgsize=%ld", (long)g.mq_curmsgs,
        (long)g.mq_msgsize);
    out("ebadf=%s", rv(mq_notify(999, &ev)));
}

void case_aio(void)
{
    aio_context_t ctx = 0;
    out("io_setup=%s", rv(syscall(SYS_io_setup, 4, &ctx)));
    int fd = open(shm_path("aio"), O_RDWR | O_CREAT | O_TRUNC, 0600);
    write(fd, "asynchronous", 12);
    char buf[8] = {0};
    struct iocb cb;
    memset(&cb, 0, sizeof cb);
    cb.aio_lio_opcode = IOCB_CMD_PREAD;
    cb.aio_fildes = (uint32_t)fd;
    cb.aio_buf = (uint64_t)(uintptr_t)buf;
    cb.aio_nbytes = 5;
    cb.aio_offset = 1;
    cb.aio_data = 0xabcdef0123ULL;
    struct iocb *list[1] = {&cb};
    out("io_submit=%s", rv(syscall(SYS_io_submit, ctx, 1, list)));
    struct io_event ev[1];
    memset(ev, 0, sizeof ev);
    struct timespec ts = {2, 0};
    out("io_getevents=%s", rv(syscall(SYS_io_getevents, ctx, 1, 1, ev, &ts)));
    out("res=%lld data=%s obj=%s got=%s", (long long)ev[0].res,
        ev[0].data == 0xabcdef0123ULL ? "ok" : "wrong",
        ev[0].obj == (uint64_t)(uintptr_t)&cb ? "ok" : "wrong", buf);
    cb.aio_lio_opcode = 99;
    out("bad-op=%s", rv(syscall(SYS_io_submit, ctx, 1, list)));
    out("io_destroy=%s", rv(syscall(SYS_io_destroy, ctx)));
    unlink(shm_path("aio"));
}

void case_sysv_shm_msg(void)
{
    int id = shmget(IPC_PRIVATE, 65536, IPC_CREAT | 0600);
    out("shmget=%s", id >= 0 ? "id" : rv(id));
    void *p = shmat(id, NULL, 0);
    out("shmat=%s", p == (void *)-1 ? rv(-1) : ptr_class((long long)(uintptr_t)p));
    struct shmid_ds ds;
    out("stat=%s", rv(shmctl(id, IPC_STAT, &ds)));
    out("segsz=%zu nattch=%lu cpid=%s sizeof=%zu", (size_t)ds.shm_segsz, (unsigned long)ds.shm_nattch,
        pidname(ds.shm_cpid), sizeof ds);
    out("shmdt=%s rmid=%s", rv(shmdt(p)), rv(shmctl(id, IPC_RMID, NULL)));
    int q = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
    struct { long long mtype; char text[16]; } m = {7, "message"}, r;
    out("msgsnd=%s", rv(msgsnd(q, &m, 8, 0)));
    memset(&r, 0, sizeof r);
    out("msgrcv=%s", rv(msgrcv(q, &r, sizeof r.text, 0, IPC_NOWAIT)));
    out("mtype=%lld text=%s", r.mtype, r.text);
    struct msqid_ds mds;
    out("msgctl=%s", rv(msgctl(q, IPC_STAT, &mds)));
    out("qnum=%lu lspid=%s sizeof=%zu", (unsigned long)mds.msg_qnum, pidname(mds.msg_lspid), sizeof mds);
    out("empty=%s", rv(msgrcv(q, &r, sizeof r.text, 0, IPC_NOWAIT)));
    msgctl(q, IPC_RMID, NULL);
}
