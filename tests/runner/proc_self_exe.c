/* proc_self_exe: /proc/self/exe names this program (not an interpreter or
 * runner): readlink, open (an ELF of this ABI) and exec all see it. */
#include "check.h"
#include <elf.h>
#include <fcntl.h>
#include <limits.h>

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "reexec") == 0)
        return 23;
    char exe[PATH_MAX], real[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    REQUIRE_SYS(n);
    exe[n] = 0;
    REQUIRE(realpath(argv[0], real) != NULL);
    CHECK_STR(exe, real);

    char via_pid[64];
    snprintf(via_pid, sizeof via_pid, "/proc/%d/exe", (int)getpid());
    n = readlink(via_pid, exe, sizeof exe - 1);
    CHECK_SYS(n);
    if (n >= 0) {
        exe[n] = 0;
        CHECK_STR(exe, real);
    }

    int fd = open("/proc/self/exe", O_RDONLY);
    REQUIRE_SYS(fd);
    unsigned char hdr[20];
    CHECK_EQ(read(fd, hdr, sizeof hdr), sizeof hdr);
    close(fd);
    CHECK(memcmp(hdr, ELFMAG, SELFMAG) == 0);
    CHECK_EQ(hdr[EI_CLASS], IS_X32 ? ELFCLASS32 : ELFCLASS64);
    CHECK_EQ(hdr[18] | hdr[19] << 8, EM_X86_64);

    /* Re-exec through /proc/self/exe. */
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        execl("/proc/self/exe", "proc_self_exe", "reexec", (char *)NULL);
        _exit(127);
    }
    CHECK_EXITED(wait_status(pid), 23);

    /* An exec'd program of this ABI sees itself, too. */
    int fds[2];
    REQUIRE_SYS(pipe(fds));
    const char *helper = helper_path("helper_prog");
    pid = fork();
    REQUIRE_SYS(pid);
    if (pid == 0) {
        dup2(fds[1], 1);
        execl(helper, "helper_prog", "exe", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    char buf[PATH_MAX + 2] = "";
    n = read(fds[0], buf, sizeof buf - 1);
    if (n > 0)
        buf[n] = 0;
    char want[PATH_MAX + 2];
    REQUIRE(realpath(helper, real) != NULL);
    snprintf(want, sizeof want, "%s\n", real);
    CHECK_STR(buf, want);
    CHECK_EXITED(wait_status(pid), 0);
    return check_done();
}
