/* probe: one small program with many behaviours, so tests/vm/run.sh builds it once
 * (static and dynamic x32, and natively for reference) and asks it, by its first
 * argument, to show one thing about the system it runs on. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#define LEAK_SHM_KEY 0x7832
#define LEAK_FILE "/dev/shm/x32-vm-test-leak"

/* Only a kernel with x32 support answers a system call carrying bit 30. */
static int kernel_runs_x32(void)
{
    long pid = syscall(0x40000000L | SYS_getpid);
    return pid == (long)getpid();
}

static int hello(void)
{
    struct utsname u;
    uname(&u);
    printf("hello long=%zu ptr=%zu x32-kernel=%s machine=%s\n", sizeof(long),
           sizeof(void *), kernel_runs_x32() ? "yes" : "no", u.machine);
    return 0;
}

static int args(int argc, char **argv)
{
    char cwd[4096];
    for (int i = 0; i < argc; i++)
        printf("argv[%d]=<%s>\n", i, argv[i]);
    const char *v = getenv("X32_VM_TEST_VAR");
    printf("env=<%s>\n", v ? v : "(unset)");
    printf("cwd=<%s>\n", getcwd(cwd, sizeof cwd) ? cwd : strerror(errno));
    mode_t m = umask(0);
    printf("umask=%03o uid=%d gid=%d\n", (unsigned)m, (int)getuid(), (int)getgid());
    return 0;
}

/* A count and an FNV-1a hash of stdin: equal outputs mean every byte arrived. */
static int stdin_sum(void)
{
    unsigned char buf[65536];
    uint64_t h = 0xcbf29ce484222325ull, n = 0;
    ssize_t r;
    while ((r = read(0, buf, sizeof buf)) > 0) {
        for (ssize_t i = 0; i < r; i++)
            h = (h ^ buf[i]) * 0x100000001b3ull;
        n += (uint64_t)r;
    }
    printf("bytes=%llu fnv=%016llx\n", (unsigned long long)n, (unsigned long long)h);
    return r < 0;
}

static int interleave(void)
{
    static const char *const parts[] = {"o1\n", "e1\n", "o2\n", "e2\n", "o3\n"};
    for (int i = 0; i < 5; i++)
        if (write(parts[i][0] == 'o' ? 1 : 2, parts[i], 3) != 3)
            return 1;
    return 0;
}

static int write_file(const char *name, const char *text)
{
    FILE *f = fopen(name, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
        perror(name);
        return 1;
    }
    return 0;
}

/* leave_state PIDFILE: everything a careless program may leave behind in the VM. */
static int leave_state(const char *pidfile)
{
    close(open(LEAK_FILE, O_CREAT | O_WRONLY, 0644));
    if (shmget(LEAK_SHM_KEY, 4096, IPC_CREAT | 0600) < 0)
        perror("shmget");
    int started[2];
    if (pipe(started) != 0)
        return 1;
    pid_t p = fork();
    if (p == 0) {
        /* A daemon: its own session, not a child of the program any more. */
        setsid();
        if (fork() == 0) {
            char b[32];
            int fd = open(pidfile, O_CREAT | O_WRONLY | O_TRUNC, 0644);
            int n = snprintf(b, sizeof b, "%d\n", (int)getpid());
            if (fd >= 0 && write(fd, b, (size_t)n) == n)
                close(fd);
            /* Only now may the program exit: the daemon is surely running. */
            if (write(started[1], "", 1) != 1)
                _exit(1);
            close(started[1]);
            for (;;)
                pause();
        }
        _exit(0);
    }
    close(started[1]);
    char c;
    return read(started[0], &c, 1) == 1 ? 0 : 1;
}

/* check_clean: nothing of an earlier run is left: no file in /dev/shm, no System V
 * segment, no process but PID 1, our parent (the agent's shepherd) and us. */
static int check_clean(void)
{
    int dirty = 0;
    if (access(LEAK_FILE, F_OK) == 0) {
        printf("left over: %s\n", LEAK_FILE);
        dirty = 1;
    }
    if (shmget(LEAK_SHM_KEY, 0, 0) >= 0) {
        printf("left over: System V shared memory key %#x\n", LEAK_SHM_KEY);
        dirty = 1;
    }
    DIR *d = opendir("/proc");
    int others = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        int pid = atoi(e->d_name);
        char path[64], cmd[256];
        if (pid <= 1 || pid == getpid() || pid == getppid()) /* the agent's shepherd */
            continue;
        snprintf(path, sizeof path, "/proc/%d/cmdline", pid);
        int fd = open(path, O_RDONLY);
        ssize_t n = fd >= 0 ? read(fd, cmd, sizeof cmd - 1) : 0;
        if (fd >= 0)
            close(fd);
        if (n > 0) { /* kernel threads have an empty command line */
            cmd[n] = 0;
            printf("left over: process %d (%s)\n", pid, cmd);
            others++;
        }
    }
    if (d)
        closedir(d);
    if (others)
        dirty = 1;
    printf("%s\n", dirty ? "dirty" : "clean");
    return dirty;
}

/* spin N: a CPU-bound loop (integer and memory work) for the benchmark. */
static int spin(long n)
{
    static uint32_t table[4096];
    uint32_t x = 1;
    for (long i = 0; i < n; i++) {
        x = x * 1664525u + 1013904223u;
        table[x & 4095] += x >> 7;
    }
    uint32_t s = 0;
    for (int i = 0; i < 4096; i++)
        s ^= table[i];
    printf("spin %ld %08x\n", n, s);
    return 0;
}

static _Noreturn int wait_signal(void)
{
    printf("ready\n");
    fflush(stdout);
    for (;;)
        pause();
}

static int yes(void)
{
    for (;;)
        if (write(1, "y\n", 2) < 0) {
            perror("write");
            return 3;
        }
}

/* The kernel release this process sees; exec-release prints it from an exec'd copy of
 * this program (x32 execing x32). */
static int release(void)
{
    char buf[128] = {0};
    int fd = open("/proc/sys/kernel/osrelease", O_RDONLY);
    if (fd < 0 || read(fd, buf, sizeof buf - 1) <= 0) {
        perror("osrelease");
        return 3;
    }
    fputs(buf, stdout);
    return 0;
}

static int exec_release(void)
{
    char *args[] = {"probe", "release", NULL};
    execv("/proc/self/exe", args);
    perror("execv");
    return 127;
}

/* Who this process runs as: a set-user-ID file from the host must not change it. */
static int ids(void)
{
    printf("uid=%u euid=%u\n", (unsigned)getuid(), (unsigned)geteuid());
    return 0;
}

int main(int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : "hello";
    if (!strcmp(cmd, "hello"))
        return hello();
    if (!strcmp(cmd, "exit") && argc > 2)
        return atoi(argv[2]);
    if (!strcmp(cmd, "signal") && argc > 2)
        return raise(atoi(argv[2])), 99;
    if (!strcmp(cmd, "args"))
        return args(argc, argv);
    if (!strcmp(cmd, "stdin-sum"))
        return stdin_sum();
    if (!strcmp(cmd, "interleave"))
        return interleave();
    if (!strcmp(cmd, "write-file") && argc > 3)
        return write_file(argv[2], argv[3]);
    if (!strcmp(cmd, "leave-state") && argc > 2)
        return leave_state(argv[2]);
    if (!strcmp(cmd, "check-clean"))
        return check_clean();
    if (!strcmp(cmd, "spin") && argc > 2)
        return spin(atol(argv[2]));
    if (!strcmp(cmd, "wait-signal"))
        return wait_signal();
    if (!strcmp(cmd, "yes"))
        return yes();
    if (!strcmp(cmd, "release"))
        return release();
    if (!strcmp(cmd, "exec-release"))
        return exec_release();
    if (!strcmp(cmd, "ids"))
        return ids();
    fprintf(stderr, "probe: unknown command %s\n", cmd);
    return 2;
}
