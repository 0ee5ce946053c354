/* proc_exec_identity: what an exec'd program sees of how it was started, as an
 * x32 kernel builds it: AT_EXECFN and the process name (comm) come from the
 * name given to execve/execveat ("/dev/fd/N/name" relative to a descriptor,
 * "/dev/fd/N" for AT_EMPTY_PATH, whose comm is the file's own name), a "#!"
 * script's path argument is that same name, /proc/self/exe is the file run;
 * a script named through a close-on-exec descriptor is ENOENT,
 * AT_SYMLINK_NOFOLLOW on a symlink ELOOP, an unknown flag EINVAL. */
#define _GNU_SOURCE
#include "check.h"
#include <fcntl.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/syscall.h>

extern char **environ;
static char self[4096], dir[4096];

/* The exec'd side: argv = name "expect" EXECFN COMM [SCRIPTARG]. */
static int expect(int argc, char **argv, int at)
{
    const char *execfn = (const char *)getauxval(AT_EXECFN);
    char comm[64] = "", exe[4096] = "";
    FILE *f = fopen("/proc/self/comm", "r");
    if (f) {
        if (fgets(comm, sizeof comm, f))
            comm[strcspn(comm, "\n")] = 0;
        fclose(f);
    }
    if (readlink("/proc/self/exe", exe, sizeof exe - 1) < 0)
        exe[0] = 0;
    CHECK_STR(execfn ? execfn : "", argv[at + 1]);
    CHECK_STR(comm, argv[at + 2]);
    CHECK_STR(exe, self);
    if (at > 1) /* started as a script: interp iarg SCRIPT expect ... */
        CHECK_STR(argv[2], argv[at + 1]);
    (void)argc;
    return check_done();
}

/* execveat(dirfd, path, flags) in a child; its exit status, or -errno. */
static int run(int dirfd, const char *path, int flags, char **argv)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        syscall(SYS_execveat, dirfd, path, argv, environ, flags);
        _exit(100 + errno);
    }
    int st = wait_status(pid);
    if (WIFEXITED(st) && WEXITSTATUS(st) >= 100)
        return -(WEXITSTATUS(st) - 100);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 99;
}

/* The process name a kernel makes of a path: its base name, cut to 15 bytes
 * (TASK_COMM_LEN). */
static char *comm_of(const char *p)
{
    const char *s = strrchr(p, '/');
    static char names[4][16];
    static int next;
    char *out = names[next++ % 4];
    snprintf(out, 16, "%s", s ? s + 1 : p);
    return out;
}

int main(int argc, char **argv)
{
    REQUIRE(readlink("/proc/self/exe", self, sizeof self - 1) > 0);
    if (argc > 1 && strcmp(argv[1], "expect") == 0)
        return expect(argc, argv, 1);
    if (argc > 3 && strcmp(argv[3], "expect") == 0)
        return expect(argc, argv, 3);

    snprintf(dir, sizeof dir, "%s", self);
    *strrchr(dir, '/') = 0;
    char *me = comm_of(self);
    const char *me_file = strrchr(self, '/') + 1;
    char fdname[64], script[4200], dfd_name[4200];

    char *a1[] = {"x", "expect", self, me, 0};
    CHECK_EQ(run(AT_FDCWD, self, 0, a1), 0);

    int d = open(dir, O_PATH | O_DIRECTORY);
    REQUIRE_SYS(d);
    snprintf(dfd_name, sizeof dfd_name, "/dev/fd/%d/%s", d, me_file);
    char *a2[] = {"x", "expect", dfd_name, me, 0};
    CHECK_EQ(run(d, me_file, 0, a2), 0);

    int fd = open(self, O_RDONLY | O_CLOEXEC);
    REQUIRE_SYS(fd);
    snprintf(fdname, sizeof fdname, "/dev/fd/%d", fd);
    char *a3[] = {"x", "expect", fdname, me, 0};
    CHECK_EQ(run(fd, "", AT_EMPTY_PATH, a3), 0);

    /* A script whose interpreter is this program. */
    snprintf(script, sizeof script, "%s/identity-script.%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
             (int)getpid());
    FILE *f = fopen(script, "w");
    REQUIRE(f);
    fprintf(f, "#!%s iarg\n", self);
    fclose(f);
    REQUIRE_SYS(chmod(script, 0755));
    char *a4[] = {"s", "expect", script, comm_of(script), 0};
    CHECK_EQ(run(AT_FDCWD, script, 0, a4), 0);

    int sfd = open(script, O_RDONLY);
    REQUIRE_SYS(sfd);
    char sname[64];
    snprintf(sname, sizeof sname, "/dev/fd/%d", sfd);
    char *a5[] = {"s", "expect", sname, me, 0};
    CHECK_EQ(run(sfd, "", AT_EMPTY_PATH, a5), 0);

    int sfdc = open(script, O_RDONLY | O_CLOEXEC);
    REQUIRE_SYS(sfdc);
    CHECK_EQ(run(sfdc, "", AT_EMPTY_PATH, a5), -ENOENT);

    char link[4300];
    snprintf(link, sizeof link, "%s.link", script);
    REQUIRE_SYS(symlink(self, link));
    CHECK_EQ(run(AT_FDCWD, link, AT_SYMLINK_NOFOLLOW, a1), -ELOOP);
    CHECK_EQ(run(AT_FDCWD, self, 0x4, a1), -EINVAL);
    unlink(link);
    unlink(script);
    return check_done();
}
