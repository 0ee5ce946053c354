/* io_process_vm: process_vm_readv/process_vm_writev copy between local and
 * remote iovec lists (here: a child's memory, which fork made identical). */
#include "check.h"
#include <sys/uio.h>

static char remote_a[32] = "remote-part-one";
static char remote_b[32] = "remote-part-two";

int main(void)
{
    int go[2], back[2];
    REQUIRE_SYS(pipe(go));
    REQUIRE_SYS(pipe(back));
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        char c;
        /* Wait until the parent wrote into our memory, then report it. */
        if (read(go[0], &c, 1) != 1)
            _exit(2);
        (void)!write(back[1], remote_a, 32);
        _exit(0);
    }
    strcpy(remote_a, "parent-changed");   /* our copy only */
    char l1[8], l2[32];
    memset(l2, 0, sizeof l2);
    struct iovec local[2] = { { l1, 8 }, { l2, 24 } };
    /* The child still has the original text in both arrays. */
    struct iovec rem_orig[2] = { { remote_a, 16 }, { remote_b, 16 } };
    CHECK_EQ(process_vm_readv(pid, local, 2, rem_orig, 2, 0), 32);
    CHECK(memcmp(l1, "remote-p", 8) == 0);
    CHECK(memcmp(l2, "art-one\0remote-part-two", 23) == 0);

    char msg[] = "written-by-parent";
    struct iovec src[2] = { { msg, 8 }, { msg + 8, sizeof msg - 8 } };
    struct iovec dst[1] = { { remote_a, sizeof msg } };
    CHECK_EQ(process_vm_writev(pid, src, 2, dst, 1, 0), (ssize_t)sizeof msg);
    CHECK_EQ(write(go[1], "g", 1), 1);
    char got[32] = "";
    CHECK_EQ(read(back[0], got, 32), 32);
    CHECK_STR(got, "written-by-parent");
    CHECK_EXITED(wait_status(pid), 0);
    CHECK_ERR(process_vm_readv(pid, local, 2, rem_orig, 2, 0), ESRCH);
    return check_done();
}
