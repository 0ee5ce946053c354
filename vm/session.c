/* A session is one QEMU process per user and configuration, left running between
 * calls so that only the first call pays the boot.  Its directory holds:
 *   lock         flock'ed by the caller using the VM: one program at a time
 *   agent.sock   QEMU's end of the agent's virtio-serial port
 *   qemu.pid     the daemonized QEMU
 *   console.log  the guest's serial console (kernel and agent messages)
 *   qemu.err     what QEMU printed while starting
 * The guest powers itself off after the idle timeout; QEMU then exits. */
#define _GNU_SOURCE
#include "host.h"
#include "protocol.h"
#include "wire.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return (h ^ 0xff) * 0x100000001b3ull; /* field separator */
}

static void file_identity(const char *path, char *out, size_t cap)
{
    struct stat st;
    if (stat(path, &st) != 0)
        memset(&st, 0, sizeof st);
    snprintf(out, cap, "%s %lld %lld", path, (long long)st.st_size, (long long)st.st_mtime);
}

/* A private directory of ours: refuse one someone else made (it is in /tmp). */
static void make_private_dir(const char *dir)
{
    struct stat st;
    if (mkdir(dir, 0700) != 0 && errno != EEXIST)
        fail("cannot create %s: %s", dir, strerror(errno));
    if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != getuid() ||
        (st.st_mode & 077))
        fail("%s is not a private directory of this user; remove it", dir);
}

/* The session directory is named after everything that makes two VMs differ. */
static void choose_session_dir(struct vm_config *c)
{
    char id[PATH_MAX + 64], num[64];
    uint64_t h = 0xcbf29ce484222325ull;
    file_identity(c->kernel, id, sizeof id);
    h = fnv1a(h, id);
    file_identity(c->initramfs, id, sizeof id);
    h = fnv1a(h, id);
    h = fnv1a(h, c->sysroot);
    h = fnv1a(h, c->qemu);
    h = fnv1a(h, c->accel ? c->accel : "auto");
    snprintf(num, sizeof num, "%u %u", c->mem_mb, c->cpus);
    h = fnv1a(h, num);

    const char *run = getenv("XDG_RUNTIME_DIR");
    char base[PATH_MAX];
    struct stat st;
    if (!run || !*run || stat(run, &st) != 0 || !S_ISDIR(st.st_mode))
        run = "/tmp";
    snprintf(base, sizeof base, "%s/x32-vm-%u", run, (unsigned)getuid());
    make_private_dir(base);
    if ((size_t)snprintf(c->session_dir, sizeof c->session_dir, "%s/%016llx", base,
                         (unsigned long long)h) >= sizeof c->session_dir - 32)
        fail("session directory path too long: %s", c->session_dir);
    make_private_dir(c->session_dir);
}

static void session_path(const struct vm_config *c, const char *name, char *out, size_t cap)
{
    /* Unix socket paths are short (108 bytes): say so instead of connecting elsewhere. */
    if ((size_t)snprintf(out, cap, "%s/%s", c->session_dir, name) >= cap)
        fail("the session path %s/%s is too long; set XDG_RUNTIME_DIR to a shorter directory",
             c->session_dir, name);
}

static void lock_session(const struct vm_config *c)
{
    char path[PATH_MAX + 16];
    session_path(c, "lock", path, sizeof path);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        fail("cannot open %s: %s", path, strerror(errno));
    while (flock(fd, LOCK_EX) != 0)
        if (errno != EINTR)
            fail("cannot lock %s: %s", path, strerror(errno));
    /* The descriptor stays open, and the lock held, until we exit. */
}

long monotonic_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static int connect_agent(const struct vm_config *c)
{
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    session_path(c, "agent.sock", a.sun_path, sizeof a.sun_path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        fail("socket: %s", strerror(errno));
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* await_hello FD TIMEOUT_MS: skip to the agent's MAGIC and its HELLO frame.  Bytes
 * before MAGIC are leftovers of an earlier client and are dropped. */
static int await_hello(int fd, long timeout_ms)
{
    static const char magic[] = X32VM_MAGIC;
    size_t matched = 0;
    long deadline = monotonic_ms() + timeout_ms;
    while (matched < sizeof magic - 1) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        long left = deadline - monotonic_ms();
        if (left <= 0 || poll(&p, 1, (int)left) <= 0)
            return -1;
        char ch;
        if (read(fd, &ch, 1) != 1)
            return -1;
        matched = ch == magic[matched] ? matched + 1 : (ch == magic[0] ? 1 : 0);
    }
    uint32_t head[2];
    if (read_all(fd, head, sizeof head) != 1 || head[0] != FRAME_HELLO || head[1] != 0)
        return -1;
    return 0;
}

/* The QEMU of this session, if the pid file names a live one of ours. */
static pid_t session_qemu_pid(const struct vm_config *c)
{
    char path[PATH_MAX + 16], cmd[8192];
    session_path(c, "qemu.pid", path, sizeof path);
    FILE *f = fopen(path, "re");
    int pid = 0;
    if (!f)
        return 0;
    if (fscanf(f, "%d", &pid) != 1)
        pid = 0;
    fclose(f);
    if (pid <= 0)
        return 0;
    snprintf(path, sizeof path, "/proc/%d/cmdline", pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, cmd, sizeof cmd - 1) : -1;
    if (fd >= 0)
        close(fd);
    if (n <= 0)
        return 0;
    cmd[n] = 0;
    for (ssize_t i = 0; i < n; i++)
        if (!cmd[i])
            cmd[i] = ' ';
    /* A recycled pid would not name our session's socket. */
    return strstr(cmd, c->session_dir) ? pid : 0;
}

static void kill_session_qemu(const struct vm_config *c)
{
    pid_t pid = session_qemu_pid(c);
    if (pid <= 0)
        return;
    kill(pid, SIGKILL);
    for (int i = 0; i < 200 && kill(pid, 0) == 0; i++)
        usleep(10000);
}

/* QEMU option values are comma-separated: a comma in a path is written twice. */
static void qemu_escape(char *out, size_t cap, const char *s)
{
    size_t n = 0;
    for (; *s && n + 2 < cap; s++) {
        if (*s == ',')
            out[n++] = ',';
        out[n++] = *s;
    }
    out[n] = 0;
}

static void hex_encode(char *out, size_t cap, const char *s)
{
    size_t n = 0;
    for (; *s && n + 3 < cap; s++)
        n += (size_t)snprintf(out + n, cap - n, "%02x", (unsigned char)*s);
    out[n] = 0;
}

/* start_qemu C ACCEL: QEMU daemonizes once its devices exist, so when this returns 0
 * the agent socket is there to connect to. */
static int start_qemu(const struct vm_config *c, const char *accel)
{
    char sock[PATH_MAX + 16], esock[2 * PATH_MAX + 32], console[PATH_MAX + 64];
    char pidf[PATH_MAX + 16], errf[PATH_MAX + 16], append[4096], hex[2100];
    char chardev[2 * PATH_MAX + 128], mem[32], cpus[32];
    session_path(c, "agent.sock", sock, sizeof sock);
    session_path(c, "qemu.pid", pidf, sizeof pidf);
    session_path(c, "qemu.err", errf, sizeof errf);
    char clog[PATH_MAX + 16];
    session_path(c, "console.log", clog, sizeof clog);
    snprintf(console, sizeof console, "file:%s", clog);
    unlink(sock);
    unlink(pidf);
    qemu_escape(esock, sizeof esock, sock);
    snprintf(chardev, sizeof chardev, "socket,id=agent,path=%s,server=on,wait=off", esock);
    hex_encode(hex, sizeof hex, c->sysroot);
    snprintf(append, sizeof append,
             "console=ttyS0 quiet panic=-1 syscall.x32=y x32vm.idle=%u%s%s", c->idle_s,
             *hex ? " x32vm.sysroot=" : "", hex);
    snprintf(mem, sizeof mem, "%u", c->mem_mb);
    snprintf(cpus, sizeof cpus, "%u", c->cpus);
    int kvm = strcmp(accel, "kvm") == 0;

    const char *argv[64];
    int n = 0;
#define ARG(x) (argv[n++] = (x))
    ARG(c->qemu);
    ARG("-name"), ARG("x32-vm");
    ARG("-nodefaults"), ARG("-no-user-config"), ARG("-display"), ARG("none");
    ARG("-no-reboot"); /* the agent leaves the VM by rebooting it */
    ARG("-machine"), ARG(kvm ? "pc,accel=kvm" : "pc,accel=tcg");
    ARG("-cpu"), ARG(kvm ? "host" : "max");
    ARG("-m"), ARG(mem), ARG("-smp"), ARG(cpus);
    ARG("-kernel"), ARG(c->kernel), ARG("-initrd"), ARG(c->initramfs);
    ARG("-append"), ARG(append);
    ARG("-serial"), ARG(console);
    ARG("-device"), ARG("virtio-serial-pci");
    ARG("-chardev"), ARG(chardev);
    ARG("-device"), ARG("virtserialport,chardev=agent,name=" X32VM_PORT_NAME);
    /* The host's whole tree, with our own rights (security_model=none): a program in
     * the VM can do to files what it could do running on the host, nothing more. */
    ARG("-fsdev"), ARG("local,id=hostroot,path=/,security_model=none,multidevs=remap");
    ARG("-device"), ARG("virtio-9p-pci,fsdev=hostroot,mount_tag=hostroot");
    ARG("-device"), ARG("virtio-rng-pci");
    ARG("-daemonize"), ARG("-pidfile"), ARG(pidf);
    ARG(NULL);
#undef ARG

    pid_t pid = fork();
    if (pid < 0)
        fail("fork: %s", strerror(errno));
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        int err = open(errf, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(null, 0);
        dup2(err >= 0 ? err : null, 1);
        dup2(err >= 0 ? err : null, 2);
        execvp(argv[0], (char **)argv);
        dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* The last lines of a session file, for error messages. */
static void show_tail(const struct vm_config *c, const char *name)
{
    char path[PATH_MAX + 16], lines[16][256];
    session_path(c, name, path, sizeof path);
    FILE *f = fopen(path, "re");
    if (!f)
        return;
    int n = 0;
    while (fgets(lines[n % 16], sizeof lines[0], f))
        n++;
    fclose(f);
    if (n)
        note("last lines of %s:", path);
    for (int i = n > 16 ? n - 16 : 0; i < n; i++)
        fprintf(stderr, "  | %s", lines[i % 16]);
}

/* boot C ACCEL TIMEOUT_S PROBING: a running VM with a greeted agent connection, or
 * -1.  A failed KVM probe is expected on some hosts and says nothing of its own. */
static int boot(const struct vm_config *c, const char *accel, unsigned timeout_s, int probing)
{
    kill_session_qemu(c);
    if (start_qemu(c, accel) != 0) {
        if (!probing)
            show_tail(c, "qemu.err");
        return -1;
    }
    int fd = connect_agent(c);
    if (fd >= 0 && await_hello(fd, timeout_s * 1000L) == 0)
        return fd;
    if (fd >= 0)
        close(fd);
    kill_session_qemu(c);
    return -1;
}

static int boot_with_best_accel(struct vm_config *c, const char **used)
{
    const char *accel = c->accel ? c->accel : remembered_accel(c);
    if (!accel && !kvm_usable())
        accel = "tcg";
    if (!accel) {
        /* Unknown: a KVM boot that greets us in time proves KVM works. */
        int fd = boot(c, "kvm", c->kvm_probe_s, 1);
        remember_accel(c, fd >= 0 ? "kvm" : "tcg");
        if (fd >= 0) {
            *used = "kvm";
            return fd;
        }
        note("KVM cannot boot the guest here; using TCG from now on (remembered)");
        accel = "tcg";
    }
    int fd = boot(c, accel, c->boot_timeout_s, 0);
    if (fd < 0) {
        show_tail(c, "console.log");
        fail("the VM did not start (%s); see %s", accel, c->session_dir);
    }
    *used = accel;
    return fd;
}

int open_session(struct vm_config *c, long *booted_ms, const char **accel_used)
{
    choose_session_dir(c);
    lock_session(c);
    *booted_ms = 0;
    *accel_used = "running";
    /* An agent finishing the previous run may take a moment under TCG; one that is
     * powering off for idleness says nothing and hangs up: boot a new one then.  Its
     * greeting can also be lost: written as the previous client hung up, before QEMU
     * saw us connect (about one call in 50 when the host is loaded).  Hanging up makes
     * the agent greet the next connection, so reconnect every 2 s before giving up on
     * this VM; no connection at all means there is no VM. */
    long give_up = monotonic_ms() + 30000;
    for (;;) {
        int fd = connect_agent(c);
        if (fd < 0)
            break;
        if (await_hello(fd, 2000) == 0)
            return fd;
        close(fd);
        if (monotonic_ms() >= give_up)
            break;
    }
    long t0 = monotonic_ms();
    int fd = boot_with_best_accel(c, accel_used);
    *booted_ms = monotonic_ms() - t0;
    return fd;
}

int stop_session(struct vm_config *c)
{
    choose_session_dir(c);
    lock_session(c);
    int fd = connect_agent(c);
    if (fd >= 0 && await_hello(fd, 5000) == 0 && send_frame(fd, FRAME_POWEROFF, NULL, 0) == 0) {
        char ch;
        while (read(fd, &ch, 1) > 0) {
        }
        close(fd);
        return 1;
    }
    if (fd >= 0)
        close(fd);
    int was = session_qemu_pid(c) > 0;
    kill_session_qemu(c);
    return was;
}
