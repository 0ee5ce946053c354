/* /init in the guest: turns the host's file tree (shared over virtio-9p) into the
 * guest's, then serves x32-vm's requests on a virtio-serial port, one connection per
 * program, until no request came for the idle time; then it ends the VM. */
#define _GNU_SOURCE
#include "guest.h"
#include "protocol.h"
#include "wire.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

/* Where the host's / is mounted before its parts are grafted onto the guest's root. */
#define HOST_MOUNT "/.host"

void log_msg(const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    dprintf(2, "x32-vm agent: %s\n", line);
}

_Noreturn void leave_vm(const char *why)
{
    log_msg("leaving the VM: %s", why);
    sync();
    reboot(RB_AUTOBOOT);
    for (;;)
        pause();
}

static void mount_or_die(const char *src, const char *dst, const char *type,
                         unsigned long flags, const char *data)
{
    mkdir(dst, 0755);
    if (mount(src, dst, type, flags, data) != 0) {
        log_msg("mount %s on %s (%s): %s", src, dst, type, strerror(errno));
        leave_vm("cannot set up the guest's file tree");
    }
}

/* kernel_param NAME: the value of NAME=... on the kernel command line, or "". */
static const char *kernel_param(const char *name)
{
    static char cmdline[4096];
    static char value[2048];
    int fd = open("/proc/cmdline", O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, cmdline, sizeof cmdline - 1) : -1;
    if (fd >= 0)
        close(fd);
    cmdline[n > 0 ? n : 0] = 0;
    size_t nl = strlen(name);
    for (char *w = strtok(cmdline, " \n"); w; w = strtok(NULL, " \n"))
        if (strncmp(w, name, nl) == 0 && w[nl] == '=') {
            snprintf(value, sizeof value, "%s", w + nl + 1);
            return value;
        }
    return "";
}

/* The sysroot path travels hex-encoded so that no character in it can break the
 * kernel command line. */
static void decode_hex(const char *hex, char *out, size_t cap)
{
    size_t n = 0;
    for (; hex[0] && hex[1] && n + 1 < cap; hex += 2) {
        unsigned v;
        if (sscanf(hex, "%2x", &v) != 1)
            break;
        out[n++] = (char)v;
    }
    out[n] = 0;
}

/* graft_host_entry NAME: make /NAME show the host's /NAME.  Directories and files are
 * bind-mounted from the 9p share, symbolic links copied, so the guest's root stays our
 * own RAM filesystem where the SDK's libx32 can be put even if the host has none. */
static void graft_host_entry(const char *name)
{
    char src[512], dst[512];
    struct stat st;
    snprintf(src, sizeof src, HOST_MOUNT "/%s", name);
    snprintf(dst, sizeof dst, "/%s", name);
    if (lstat(src, &st) != 0)
        return;
    if (S_ISLNK(st.st_mode)) {
        char target[512];
        ssize_t n = readlink(src, target, sizeof target - 1);
        if (n > 0) {
            target[n] = 0;
            if (symlink(target, dst) != 0 && errno != EEXIST)
                log_msg("symlink %s: %s", dst, strerror(errno));
        }
        return;
    }
    if (S_ISDIR(st.st_mode))
        mkdir(dst, 0755);
    else if (S_ISREG(st.st_mode))
        close(open(dst, O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
    else
        return;
    if (mount(src, dst, NULL, MS_BIND, NULL) != 0)
        log_msg("bind %s: %s", dst, strerror(errno));
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* overlay_libdir DIR SYSROOT ALSO: make DIR show SYSROOT/DIR's files, then (ALSO given)
 * SYSROOT/ALSO's, then the host's DIR's where the sysroot has none: what x32-run does
 * for /libx32 and /usr/libx32, so dynamic programs load the SDK's C library in both
 * modes.  /usr/libx32 gets the sysroot's /libx32 too: a host with its own libc6-x32
 * lists /usr/libx32/libc.so.6 in ld.so.cache, which the SDK's ld.so reads first, and
 * a newer host glibc there cannot run under the SDK's older ld.so (as x32-run sends
 * /usr/libx32/NAME to the sysroot's /libx32/NAME). */
static void overlay_libdir(const char *dir, const char *sysroot, const char *also)
{
    char top[1024], mid[1024], host[1024], opts[3200];
    struct stat st;
    snprintf(top, sizeof top, HOST_MOUNT "%s%s", sysroot, dir);
    snprintf(mid, sizeof mid, HOST_MOUNT "%s%s", sysroot, also ? also : "");
    snprintf(host, sizeof host, HOST_MOUNT "%s", dir);
    if (!is_dir(top))
        return;
    if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        /* Missing, or a symlink (merged /usr: /libx32 -> usr/libx32, which would put
         * this overlay on /usr/libx32).  Only our own root may get a new directory:
         * below it we would be creating one on the host. */
        if (strchr(dir + 1, '/')) {
            log_msg("%s is not a directory on the host; the sysroot's is not used", dir);
            return;
        }
        unlink(dir);
        if (mkdir(dir, 0755) != 0) {
            log_msg("cannot create %s for the sysroot: %s", dir, strerror(errno));
            return;
        }
    }
    /* ':' and ',' separate overlay options; such paths get the sysroot alone. */
    if (!strpbrk(top, ":,") && !strpbrk(host, ":,") && !strpbrk(mid, ":,") && is_dir(host)) {
        if (also && is_dir(mid))
            snprintf(opts, sizeof opts, "lowerdir=%s:%s:%s", top, mid, host);
        else
            snprintf(opts, sizeof opts, "lowerdir=%s:%s", top, host);
        if (mount("overlay", dir, "overlay", MS_RDONLY | MS_NOSUID | MS_NODEV, opts) == 0)
            return;
        log_msg("overlay on %s: %s; using the sysroot's alone", dir, strerror(errno));
    }
    if (mount(top, dir, NULL, MS_BIND, NULL) != 0)
        log_msg("bind %s on %s: %s", top, dir, strerror(errno));
}

static void make_link(const char *target, const char *path)
{
    if (symlink(target, path) != 0 && errno != EEXIST)
        log_msg("symlink %s: %s", path, strerror(errno));
}

static void make_dev_links(void)
{
    make_link("/proc/self/fd", "/dev/fd");
    make_link("/proc/self/fd/0", "/dev/stdin");
    make_link("/proc/self/fd/1", "/dev/stdout");
    make_link("/proc/self/fd/2", "/dev/stderr");
    /* Each run mounts its own devpts and /dev/shm here (see agent_run.c). */
    mkdir("/dev/pts", 0755);
    mkdir("/dev/shm", 01777);
    unlink("/dev/ptmx");
    make_link("pts/ptmx", "/dev/ptmx");
}

/* Programs expect 127.0.0.1 and ::1 to work even with no network device. */
static void bring_up_loopback(void)
{
    int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    strcpy(ifr.ifr_name, "lo");
    if (s < 0 || ioctl(s, SIOCGIFFLAGS, &ifr) != 0) {
        log_msg("no loopback device: %s", strerror(errno));
    } else {
        ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
        if (ioctl(s, SIOCSIFFLAGS, &ifr) != 0)
            log_msg("cannot bring up lo: %s", strerror(errno));
    }
    if (s >= 0)
        close(s);
}

static void set_up_file_tree(void)
{
    load_guest_modules();
    mount_or_die("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
    mount_or_die("sysfs", "/sys", "sysfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
    mount_or_die("devtmpfs", "/dev", "devtmpfs", MS_NOSUID, "mode=0755");
    /* cache=mmap: no caching (the host changes files between runs: tests rebuild
     * programs), but shared writable mmap works; msize: fewer round trips.
     * nosuid, nodev: the host's files are data here, not privileges.  The share carries
     * the host's owners and modes, so a set-user-ID-root file or a device node that a
     * user could place on the host must not make anyone root or reach a device in the
     * guest.  The bind mounts made from it below keep these flags. */
    mount_or_die("hostroot", HOST_MOUNT, "9p", MS_NOSUID | MS_NODEV,
                 "trans=virtio,version=9p2000.L,cache=mmap,msize=262144");

    DIR *d = opendir(HOST_MOUNT);
    if (!d)
        leave_vm("cannot list the host's root");
    for (struct dirent *e; (e = readdir(d));) {
        const char *n = e->d_name;
        if (!strcmp(n, ".") || !strcmp(n, "..") || !strcmp(n, "proc") ||
            !strcmp(n, "sys") || !strcmp(n, "dev") || !strcmp(n, "init"))
            continue;
        graft_host_entry(n);
    }
    closedir(d);

    char sysroot[1024];
    decode_hex(kernel_param("x32vm.sysroot"), sysroot, sizeof sysroot);
    if (sysroot[0] == '/') {
        overlay_libdir("/libx32", sysroot, 0);
        overlay_libdir("/usr/libx32", sysroot, "/libx32");
    }
    make_dev_links();
    /* Programs must see the host's tree at the host's paths, nothing else. */
    if (umount2(HOST_MOUNT, MNT_DETACH) == 0)
        rmdir(HOST_MOUNT);
    bring_up_loopback();
}

/* find_agent_port: the virtio-serial port QEMU named X32VM_PORT_NAME, opened; -1 while
 * it is not there. */
static int find_agent_port(void)
{
    DIR *d = opendir("/sys/class/virtio-ports");
    if (!d)
        return -1;
    int fd = -1;
    for (struct dirent *e; fd < 0 && (e = readdir(d));) {
        char path[300], name[64] = "";
        snprintf(path, sizeof path, "/sys/class/virtio-ports/%s/name", e->d_name);
        int nf = open(path, O_RDONLY | O_CLOEXEC);
        if (nf < 0)
            continue;
        ssize_t n = read(nf, name, sizeof name - 1);
        close(nf);
        name[n > 0 ? n : 0] = 0;
        name[strcspn(name, "\n")] = 0;
        if (strcmp(name, X32VM_PORT_NAME) != 0)
            continue;
        snprintf(path, sizeof path, "/dev/%s", e->d_name);
        fd = open(path, O_RDWR | O_CLOEXEC);
        if (fd < 0)
            log_msg("open %s: %s", path, strerror(errno));
    }
    closedir(d);
    return fd;
}

/* open_agent_port: the agent's port. QEMU announces ports over virtio-console's control
 * queue, which a kernel handles in a work queue: when virtio_console was just loaded as
 * a module (Debian's kernel), the port can appear a moment after the module is in. */
static int open_agent_port(void)
{
    for (int tries = 0; tries < 1500; tries++) { /* 30 s: TCG on a busy host is slow */
        int fd = find_agent_port();
        if (fd >= 0)
            return fd;
        usleep(20000);
    }
    if (access("/sys/class/virtio-ports", F_OK) != 0)
        leave_vm("no virtio-ports in sysfs (is CONFIG_VIRTIO_CONSOLE on, or its module in /modules?)");
    leave_vm("the agent's virtio-serial port is missing");
}

static void set_blocking(int fd, int blocking)
{
    int fl = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, blocking ? fl & ~O_NONBLOCK : fl | O_NONBLOCK);
}

static void on_idle_alarm(int sig) { (void)sig; }

/* wait_for_host PORT IDLE: announce ourselves; a write to a virtio port blocks until a
 * host client is connected, which is exactly the wait we want.  Ends the VM when
 * nobody came for IDLE seconds. */
static void wait_for_host(int port, unsigned idle)
{
    static const char hello[] = X32VM_MAGIC;
    uint32_t frame[2] = {FRAME_HELLO, 0};
    unsigned char msg[sizeof hello - 1 + sizeof frame];
    memcpy(msg, hello, sizeof hello - 1);
    memcpy(msg + sizeof hello - 1, frame, sizeof frame);

    set_blocking(port, 1);
    alarm(idle);
    ssize_t n = write(port, msg, sizeof msg);
    alarm(0);
    if (n < 0 && errno == EINTR)
        leave_vm("idle timeout");
    if (n != (ssize_t)sizeof msg)
        leave_vm("cannot write to the agent port");
    /* From here on the port must never block us: a host that disconnects while we
     * write must show as POLLHUP, not hang the agent until the next client. */
    set_blocking(port, 0);
}

/* serve_connection PORT: one client: one RUN (or a POWEROFF), then wait for it to
 * hang up so no byte of this conversation can reach the next client. */
static void serve_connection(int port)
{
    for (;;) {
        uint32_t type, len;
        unsigned char *payload;
        int r = recv_frame(port, &type, &payload, &len);
        if (r <= 0)
            return;
        if (type == FRAME_POWEROFF)
            leave_vm("asked to power off");
        if (type == FRAME_RUN && serve_run(port, payload, len) < 0) {
            free(payload);
            return;
        }
        free(payload);
    }
}

int main(void)
{
    /* Our own session: the programs we start are not session leaders, so opening a
     * terminal does not make it theirs, as under a shell. */
    setsid();
    /* The agent is PID 1: it must survive writes to ports whose host side is gone, and
     * it reaps every orphan (see agent_run.c). */
    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa = {.sa_handler = on_idle_alarm};
    sigaction(SIGALRM, &sa, NULL); /* no SA_RESTART: the alarm must interrupt write */

    set_up_file_tree();
    int port = open_agent_port();
    unsigned idle = (unsigned)atoi(kernel_param("x32vm.idle"));
    if (idle == 0)
        idle = 300;
    log_msg("ready");
    for (;;) {
        wait_for_host(port, idle);
        serve_connection(port);
    }
}
