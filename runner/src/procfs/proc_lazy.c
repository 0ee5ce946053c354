/* The kernel writes /proc/self/maps, smaps and numa_maps when the file is
 * first read, not when it is opened, and a program can tell: musl's fopen
 * opens the file and then mallocs its FILE, and its first malloc grows the
 * heap, which the kernel's text then lists.  So these three open as an empty
 * memfd, remembered here by fd number, and get their text just before the
 * guest's first call that reads the file, its offset or its size; a dup of it
 * waits with it (one open file, one text), close forgets an fd, and fork, exec
 * and close_range write every waiting file first.  When more fds wait than the
 * table holds, the new file is written at once, as at open before. */
#include "procfs/proc_lazy.h"
#include "procfs/proc_self_files.h"
#include "base/spinlock.h"
#include "base/raw_syscall.h"
#include "base/x32_syscalls.h"
#include "core/core.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>

#define SLOTS 16

static struct {
    int fd;   /* -1: a free slot */
    int file; /* the open file: fds with the same number are dups of one */
    enum proc_lazy_kind kind;
} slot[SLOTS] = {[0 ... SLOTS - 1] = {-1, 0, PROC_LAZY_MAPS}};
int proc_lazy_waiting;
static int lazy_lock;
static int files_opened; /* under lazy_lock */

static const char *const real_path[] = {
    [PROC_LAZY_MAPS] = "/proc/self/maps",
    [PROC_LAZY_SMAPS] = "/proc/self/smaps",
    [PROC_LAZY_NUMA_MAPS] = "/proc/self/numa_maps",
};
static const char *const memfd_name[] = {
    [PROC_LAZY_MAPS] = "maps",
    [PROC_LAZY_SMAPS] = "smaps",
    [PROC_LAZY_NUMA_MAPS] = "numa_maps",
};

static void lock(void)
{
    spin_lock(&lazy_lock);
}

static void unlock(void)
{
    spin_unlock(&lazy_lock);
}

/* Writes the file's text and rewinds it (nothing has moved its offset yet). */
static void fill(long fd, enum proc_lazy_kind kind)
{
    if (kind == PROC_LAZY_NUMA_MAPS)
        fill_virtual_numa_maps(fd);
    else
        fill_virtual_maps(fd, kind == PROC_LAZY_SMAPS);
    proc_finish(fd);
}

/* Under lazy_lock: remembers fd as waiting for file's text; 0 when full. */
static int add_slot(int fd, int file, enum proc_lazy_kind kind)
{
    for (int i = 0; i < SLOTS; i++) {
        if (slot[i].fd < 0) {
            slot[i].fd = fd;
            slot[i].file = file;
            slot[i].kind = kind;
            __atomic_add_fetch(&proc_lazy_waiting, 1, __ATOMIC_RELAXED);
            return 1;
        }
    }
    return 0;
}

/* Under lazy_lock: the slot of fd, or -1. */
static int slot_of(int fd)
{
    for (int i = 0; fd >= 0 && i < SLOTS; i++)
        if (slot[i].fd == fd)
            return i;
    return -1;
}

/* Under lazy_lock: fd waits no more (slot i). */
static void drop(int i)
{
    slot[i].fd = -1;
    __atomic_sub_fetch(&proc_lazy_waiting, 1, __ATOMIC_RELAXED);
}

long proc_lazy_open(enum proc_lazy_kind kind, long open_flags)
{
    /* The kernel's file must exist (numa_maps only on NUMA kernels). */
    long real = raw_syscall4(SYS_openat, AT_FDCWD, real_path[kind], O_RDONLY | O_CLOEXEC, 0);
    if (raw_failed(real))
        return real;
    raw_syscall1(SYS_close, real);
    long fd = proc_memfd(memfd_name[kind], open_flags);
    if (raw_failed(fd))
        return fd;
    lock();
    int waits = add_slot((int)fd, ++files_opened, kind);
    unlock();
    if (!waits)
        fill(fd, kind);
    return fd;
}

/* Writes the text of fd's file if it waits for it (every dup of it then has
 * it too), or with forget_only just forgets fd (the call closes that number). */
static void settle(uint64_t fd_arg, int forget_only)
{
    lock();
    int i = slot_of((int)fd_arg);
    if (i >= 0 && forget_only) {
        drop(i);
    } else if (i >= 0) {
        int file = slot[i].file;
        fill(slot[i].fd, slot[i].kind);
        for (int j = 0; j < SLOTS; j++)
            if (slot[j].fd >= 0 && slot[j].file == file)
                drop(j);
    }
    unlock();
}

static void settle_all(void)
{
    for (int i = 0; i < SLOTS; i++) {
        lock();
        int fd = slot[i].fd;
        unlock();
        if (fd >= 0)
            settle((uint64_t)fd, 0);
    }
}

void proc_lazy_before_call(unsigned long nr, const greg_t *g)
{
    switch (nr) {
    case SYS_close:
        settle(ARG1(g), 1);
        return;
    case SYS_dup2:
    case SYS_dup3: /* (old, new): new is closed first, unless it is old */
        if ((int)ARG1(g) != (int)ARG2(g))
            settle(ARG2(g), 1);
        return;
    default: {
        /* The rows say which calls touch every descriptor (fork, clone, exec,
         * close_range) and which argument names a descriptor a call reads or
         * maps (read, mmap, sendfile, fstat with AT_EMPTY_PATH...). */
        const struct call_row *row = call_row(nr);
        if (!row)
            return;
        if (row->facts & CALL_ALL_FDS)
            settle_all();
        else if (row->fd_arg)
            settle(call_arg(g, row->fd_arg), 0);
        return;
    }
    }
}

void proc_lazy_after_call(unsigned long nr, const greg_t *g, long result)
{
    int dup_call = nr == SYS_dup || nr == SYS_dup2 || nr == SYS_dup3 ||
                   (nr == SYS_fcntl && (ARG2(g) == F_DUPFD || ARG2(g) == F_DUPFD_CLOEXEC));
    if (!dup_call || result < 0 || result == (long)(int)ARG1(g))
        return;
    lock();
    int i = slot_of((int)ARG1(g));
    int waits = i < 0 || add_slot((int)result, slot[i].file, slot[i].kind);
    unlock();
    if (!waits) /* no slot for the dup: the file gets its text now */
        settle(ARG1(g), 0);
}

/* Around a fork the forking thread holds the virtual files' locks (this
 * file's, then maps', then numa_maps': the order a fill nests them) while the
 * kernel copies the process, so none is copied held by a thread the child does
 * not have. */
static void fork_prepare_files(void)
{
    lock();
    spin_lock(&maps_lock);
    spin_lock(&numa_lock);
}

static void fork_release_files(void)
{
    spin_unlock(&numa_lock);
    spin_unlock(&maps_lock);
    unlock();
}

static void fork_child_files(struct thread_state *self, ucontext_t *uc)
{
    (void)self, (void)uc;
    fork_release_files();
}

void procfs_install(void)
{
    static const struct fork_hooks files = {
        .name = "the virtual /proc files", .policy = FORK_HOLD,
        .prepare = fork_prepare_files, .parent = fork_release_files,
        .child = fork_child_files,
    };
    fork_register(&files);
}
