/* proc_exec_fds: across execve of a program of this ABI, descriptors without
 * FD_CLOEXEC stay open (same numbers and file), FD_CLOEXEC ones are closed,
 * and no extra descriptors appear (nothing leaks from a runner). */
#include "check.h"
#include <dirent.h>
#include <fcntl.h>

static int count_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        if (e->d_name[0] != '.')
            n++;
    if (d)
        closedir(d);
    return n - 1;                       /* minus the directory's own fd */
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "child") == 0) {
        int keep = atoi(argv[2]), gone = atoi(argv[3]), want = atoi(argv[4]);
        int bad = 0;
        char c = 0;
        if (read(keep, &c, 1) != 1 || c != 'K')
            bad |= 1;
        if (fcntl(gone, F_GETFD) != -1 || errno != EBADF)
            bad |= 2;
        if (count_fds() != want) {
            fprintf(stderr, "child sees %d descriptors, expected %d\n", count_fds(), want);
            bad |= 4;
        }
        return bad;
    }
    int keep[2], gone[2];
    REQUIRE_SYS(pipe(keep));
    REQUIRE_SYS(pipe2(gone, O_CLOEXEC));
    CHECK_EQ(write(keep[1], "K", 1), 1);
    close(keep[1]);
    /* Open now: 0, 1, 2, keep[0], gone[0], gone[1] (plus whatever run.sh
     * passed).  After exec the child should see all but the two O_CLOEXEC. */
    int expect = count_fds() - 2;
    char a1[16], a2[16], a3[16];
    snprintf(a1, sizeof a1, "%d", keep[0]);
    snprintf(a2, sizeof a2, "%d", gone[0]);
    snprintf(a3, sizeof a3, "%d", expect);
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        execl("/proc/self/exe", argv[0], "child", a1, a2, a3, (char *)NULL);
        _exit(127);
    }
    CHECK_EXITED(wait_status(pid), 0);
    return check_done();
}
