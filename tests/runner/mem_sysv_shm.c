/* mem_sysv_shm: System V shared memory (shmget/shmat/shmctl) is shared with
 * a child, attaches at an address of this ABI, and IPC_STAT reports it;
 * POSIX shm_open + mmap works too. */
// build: -lrt
#include "check.h"
#include <fcntl.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>

int main(void)
{
    int id = shmget(IPC_PRIVATE, 1 << 20, IPC_CREAT | 0600);
    REQUIRE_SYS(id);
    char *p = shmat(id, NULL, 0);
    REQUIRE(p != (void *)-1);
    CHECK((unsigned long long)(uintptr_t)p + (1 << 20) <= (IS_X32 ? 1ULL << 32 : ~0ULL));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        strcpy(p + 1000, "from child");
        _exit(0);
    }
    CHECK_EXITED(wait_status(pid), 0);
    CHECK_STR(p + 1000, "from child");
    struct shmid_ds ds;
    CHECK_SYS(shmctl(id, IPC_STAT, &ds));
    CHECK_EQ(ds.shm_segsz, 1 << 20);
    CHECK_EQ(ds.shm_nattch, 1);
    CHECK_EQ(ds.shm_cpid, getpid());
    CHECK_EQ(ds.shm_perm.mode & 0777, 0600);
    CHECK_SYS(shmdt(p));
    CHECK_SYS(shmctl(id, IPC_RMID, NULL));

    char name[64];
    snprintf(name, sizeof name, "/x32-test-%d", (int)getpid());
    int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
    REQUIRE_SYS(fd);
    CHECK_SYS(ftruncate(fd, 8192));
    char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    REQUIRE(m != MAP_FAILED);
    strcpy(m + 4096, "posix shm");
    char *m2 = mmap(NULL, 8192, PROT_READ, MAP_SHARED, fd, 0);
    REQUIRE(m2 != MAP_FAILED);
    CHECK_STR(m2 + 4096, "posix shm");
    CHECK_SYS(shm_unlink(name));
    close(fd);
    return check_done();
}
