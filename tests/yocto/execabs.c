/* Runs another program by absolute path, as a postinst helper or a build tool
 * starts a sibling: fork, execv("/usr/bin/...") and wait.  Inside the target
 * rootfs the path exists only under -L, so x32-run must look the exec'd file up
 * there too, and keep the child in the same rootfs. */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: execabs /ABSOLUTE/PROGRAM [ARGS...]\n");
        return 2;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        execv(argv[1], argv + 1);
        perror(argv[1]);
        _exit(127);
    }
    int status;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return 1;
    printf("execabs: %s exited %d\n", argv[1], WIFEXITED(status) ? WEXITSTATUS(status) : 128);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
