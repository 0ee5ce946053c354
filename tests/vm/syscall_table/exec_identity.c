/* tests/vm/syscall_table/exec_identity.c: what an exec'd program sees of how it was
 * started: AT_EXECFN, its process name (comm), /proc/self/exe and a "#!" script's
 * path argument, for execve by path, execveat relative to a directory descriptor,
 * execveat with AT_EMPTY_PATH (fexecve) and the same for a script whose interpreter
 * is this program; and execveat's refusals (a script named through a close-on-exec
 * descriptor, AT_SYMLINK_NOFOLLOW on a symlink, an unknown flag). */

#include "syscall_table.h"

/* The exec'd side (main.c: --identity-child).  The last argument is the name the
 * kernel should have given; a script's interpreter gets the script's name as
 * argv[2].  Prints what matched and the rest as it is. */
int identity_child_main(int argc, char **argv)
{
    const char *want = argv[argc - 1];
    const char *fn = (const char *)getauxval(AT_EXECFN);
    char comm[32] = "", exe[4096] = "";
    prctl(PR_GET_NAME, comm, 0, 0, 0);
    readlink("/proc/self/exe", exe, sizeof exe - 1);
    const char *exe_base = strrchr(exe, '/');
    printf("execfn=%s comm=%s exe=%s", fn && !strcmp(fn, want) ? "expected" : fn ? fn : "none",
           comm, exe_base ? exe_base + 1 : exe);
    if (argc > 3)
        printf(" script-arg=%s", !strcmp(argv[2], want) ? "expected" : argv[2]);
    printf(" argc=%d\n", argc);
    return 0;
}

/* execveat in a child whose stdout is a pipe; "status=N out=<...>" or the error. */
static void run_identity(const char *tag, int dirfd, const char *path, int flags,
                         char **args)
{
    int p[2];
    pipe(p);
    fflush(stdout);
    pid_t c = fork();
    if (c == 0) {
        dup2(p[1], 1);
        syscall(SYS_execveat, dirfd, path, args, environ, flags);
        printf("exec=-%s\n", errname(errno));
        fflush(stdout);
        _exit(127);
    }
    close(p[1]);
    char buf[512] = {0};
    ssize_t n = 0, k;
    while (n < (ssize_t)sizeof buf - 1 && (k = read(p[0], buf + n, sizeof buf - 1 - (size_t)n)) > 0)
        n += k;
    close(p[0]);
    if (n && buf[n - 1] == '\n')
        buf[n - 1] = 0;
    int st;
    waitpid(c, &st, 0);
    out("%s=<%s>", tag, buf);
}

void case_exec_identity(void)
{
    char real[4096], dir[4096], name[4200], script[4200], link[4200];
    if (!realpath(prog_path, real)) {
        out("realpath=-%s", errname(errno));
        return;
    }
    snprintf(dir, sizeof dir, "%s", real);
    char *slash = strrchr(dir, '/');
    *slash = 0;
    const char *base = slash + 1;

    char *by_path[] = {"x32st-id", "--identity-child", real, NULL};
    run_identity("path", AT_FDCWD, real, 0, by_path);

    int d = open(dir, O_PATH | O_DIRECTORY);
    snprintf(name, sizeof name, "/dev/fd/%d/%s", d, base);
    char *by_dirfd[] = {"x32st-id", "--identity-child", name, NULL};
    run_identity("dirfd", d, base, 0, by_dirfd);

    int fd = open(real, O_RDONLY | O_CLOEXEC);
    char fdname[64];
    snprintf(fdname, sizeof fdname, "/dev/fd/%d", fd);
    char *by_fd[] = {"x32st-id", "--identity-child", fdname, NULL};
    run_identity("fd", fd, "", AT_EMPTY_PATH, by_fd);

    /* A script whose interpreter is this program. */
    snprintf(script, sizeof script, "%s", shm_path("idscript"));
    FILE *f = fopen(script, "w");
    fprintf(f, "#!%s --identity-child\n", real);
    fclose(f);
    chmod(script, 0755);
    char *script_path[] = {"s", script, NULL};
    run_identity("script", AT_FDCWD, script, 0, script_path);
    int sfd = open(script, O_RDONLY);
    char sname[64];
    snprintf(sname, sizeof sname, "/dev/fd/%d", sfd);
    char *script_fd[] = {"s", sname, NULL};
    run_identity("script-fd", sfd, "", AT_EMPTY_PATH, script_fd);
    int sfdc = open(script, O_RDONLY | O_CLOEXEC);
    snprintf(sname, sizeof sname, "/dev/fd/%d", sfdc);
    run_identity("script-cloexec-fd", sfdc, "", AT_EMPTY_PATH, script_fd);

    snprintf(link, sizeof link, "%s", shm_path("idlink"));
    symlink(real, link);
    run_identity("nofollow", AT_FDCWD, link, AT_SYMLINK_NOFOLLOW, by_path);
    run_identity("badflag", AT_FDCWD, real, 0x4, by_path);
    unlink(link);
    unlink(script);
}
