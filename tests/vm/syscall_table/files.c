/* tests/vm/syscall_table/files.c: files and descriptors: ioctl, the vectored reads and
 * writes, vmsplice, stat and fstatat, directory reads (old and new), statfs, fcntl locks,
 * pseudo-terminals and the small descriptor calls. */

#include "syscall_table.h"

void case_ioctl(void)
{
    int p[2];
    pipe(p);
    write(p[1], "hello", 5);
    int n = -1;
    out("FIONREAD=%s", rv(ioctl(p[0], FIONREAD, &n)));
    out("n=%d", n);
    struct winsize ws;
    out("TIOCGWINSZ=%s", rv(ioctl(p[0], TIOCGWINSZ, &ws)));
    int on1 = 1;
    out("FIONBIO=%s", rv(ioctl(p[0], FIONBIO, &on1)));
    out("nonblock=%s", fcntl(p[0], F_GETFL) & O_NONBLOCK ? "yes" : "no");
    out("FIOCLEX=%s", rv(ioctl(p[0], FIOCLEX)));
    out("cloexec=%s", fcntl(p[0], F_GETFD) & FD_CLOEXEC ? "yes" : "no");
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    struct ifreq { char name[16]; char pad[24]; } ifr;
    memset(&ifr, 0, sizeof ifr);
    strcpy(ifr.name, "lo");
    out("SIOCGIFINDEX=%s", rv(ioctl(s, 0x8933 /* SIOCGIFINDEX */, &ifr)));
    out("index=%d", *(int *)ifr.pad);
}

void case_readv_writev(void)
{
    int p[2];
    pipe(p);
    char a[] = "abc", b[] = "", c[] = "defgh";
    struct iovec w[3] = {{a, 3}, {b, 0}, {c, 5}};
    out("writev=%s", rv(writev(p[1], w, 3)));
    char x[2], y[10] = {0};
    struct iovec r[2] = {{x, 2}, {y, sizeof y}};
    out("readv=%s", rv(readv(p[0], r, 2)));
    out("got=%.2s|%s", x, y);
    struct iovec bad[1] = {{(void *)16, 4}};
    out("efault=%s", rv(writev(p[1], bad, 1)));
    out("einval=%s", rv(syscall(SYS_writev, p[1], w, -1)));
}

void case_vmsplice(void)
{
    int p[2];
    pipe(p);
    char a[] = "vm", b[] = "splice";
    struct iovec iov[2] = {{a, 2}, {b, 6}};
    out("%s", rv(vmsplice(p[1], iov, 2, 0)));
    char buf[16] = {0};
    out("read=%s", rv(read(p[0], buf, sizeof buf)));
    out("got=%s", buf);
    out("ebadf=%s", rv(vmsplice(999, iov, 2, 0)));
}

void case_preadv_pwritev(void)
{
    int fd = open(shm_path("pv"), O_RDWR | O_CREAT | O_TRUNC, 0600);
    char a[] = "0123", b[] = "456789";
    struct iovec w[2] = {{a, 4}, {b, 6}};
    out("pwritev=%s", rv(pwritev(fd, w, 2, 100)));
    char x[3] = {0}, y[8] = {0};
    struct iovec r[2] = {{x, 2}, {y, 7}};
    out("preadv=%s", rv(preadv(fd, r, 2, 101)));
    out("got=%s|%s", x, y);
    out("pos=%s", rv(lseek(fd, 0, SEEK_CUR)));
    struct stat st;
    fstat(fd, &st);
    out("size=%lld", (long long)st.st_size);
    /* A 64-bit offset (split across two registers in the compat ABI, whole in x32). */
    out("big-offset=%s", rv(pwritev(fd, w, 1, 0x100000000LL)));
    fstat(fd, &st);
    out("size=%lld", (long long)st.st_size);
    out("negative=%s", rv(preadv(fd, r, 2, -5)));
    unlink(shm_path("pv"));
}

void case_preadv2_pwritev2(void)
{
    int fd = open(shm_path("pv2"), O_RDWR | O_CREAT | O_TRUNC, 0600);
    char a[] = "abcdef";
    struct iovec w[1] = {{a, 6}};
    out("pwritev2=%s", rv(pwritev2(fd, w, 1, -1, 0)));
    out("pos=%s", rv(lseek(fd, 0, SEEK_CUR)));
    out("at-offset=%s", rv(pwritev2(fd, w, 1, 10, RWF_DSYNC)));
    out("pos=%s", rv(lseek(fd, 0, SEEK_CUR)));
    char x[4] = {0};
    struct iovec r[1] = {{x, 3}};
    out("preadv2=%s", rv(preadv2(fd, r, 1, 11, 0)));
    out("got=%s", x);
    out("bad-flags=%s", rv(preadv2(fd, r, 1, 0, 0x40000000)));
    lseek(fd, 2, SEEK_SET);
    out("current=%s", rv(preadv2(fd, r, 1, -1, 0)));
    out("got=%s", x);
    out("append=%s", rv(pwritev2(fd, w, 1, 0, RWF_APPEND)));
    struct stat st;
    fstat(fd, &st);
    out("size=%lld", (long long)st.st_size);
    unlink(shm_path("pv2"));
}

void case_stat(void)
{
    int fd = open(shm_path("st"), O_RDWR | O_CREAT | O_TRUNC, 0640);
    write(fd, "1234567", 7);
    struct stat st;
    memset(&st, 0x55, sizeof st);
    out("stat=%s", rv(stat(shm_path("st"), &st)));
    out("size=%lld mode=%o nlink=%lu blocks>0=%s uid=%s sizeof=%zu", (long long)st.st_size, st.st_mode,
        (unsigned long)st.st_nlink, st.st_blocks > 0 ? "yes" : "no", uidname(st.st_uid),
        sizeof st);
    out("nsec<1e9=%s", st.st_mtim.tv_nsec >= 0 && st.st_mtim.tv_nsec < 1000000000 ? "yes" : "no");
    struct timespec t[2] = {{1000000000, 123456789}, {2000000000, 987654321}};
    futimens(fd, t);
    fstat(fd, &st);
    out("fstat: atime=%lld.%09lld mtime=%lld.%09lld", (long long)st.st_atim.tv_sec,
        (long long)st.st_atim.tv_nsec, (long long)st.st_mtim.tv_sec, (long long)st.st_mtim.tv_nsec);
    /* A time beyond 2038 (x32 has a 64-bit time_t). */
    struct timespec y[2] = {{4102444800LL, 0}, {4102444800LL, 5}};
    futimens(fd, y);
    fstat(fd, &st);
    out("y2100=%lld", (long long)st.st_mtim.tv_sec);
    int p[2];
    pipe(p);
    fstat(p[0], &st);
    out("pipe=%s", S_ISFIFO(st.st_mode) ? "fifo" : "other");
    out("enoent=%s", rv(stat(shm_path("nope"), &st)));
    unlink(shm_path("st"));
}

void case_fstatat(void)
{
    symlink("target-name", shm_path("ln"));
    struct stat st;
    out("nofollow=%s", rv(fstatat(AT_FDCWD, shm_path("ln"), &st, AT_SYMLINK_NOFOLLOW)));
    out("lnk=%s size=%lld", S_ISLNK(st.st_mode) ? "yes" : "no", (long long)st.st_size);
    out("follow=%s", rv(fstatat(AT_FDCWD, shm_path("ln"), &st, 0)));
    int d = open(shm_dir, O_RDONLY | O_DIRECTORY);
    out("dirfd=%s", rv(fstatat(d, "ln", &st, AT_SYMLINK_NOFOLLOW)));
    out("empty-path=%s", rv(fstatat(d, "", &st, AT_EMPTY_PATH)));
    out("dir=%s", S_ISDIR(st.st_mode) ? "yes" : "no");
    out("badflag=%s", rv(fstatat(d, "ln", &st, 0x40000000)));
    struct statx sx;
    out("statx=%s", rv(statx(d, "ln", AT_SYMLINK_NOFOLLOW, STATX_SIZE, &sx)));
    out("mask-has-size=%s", sx.stx_mask & STATX_SIZE ? "yes" : "no");
    unlink(shm_path("ln"));
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char **)a, *(char **)b); }

void case_getdents64(void)
{
    char dir[128];
    snprintf(dir, sizeof dir, "%s", shm_path("d"));
    mkdir(dir, 0700);
    const char *names[] = {"a-file", "b-dir", "c-long-name-to-make-the-record-longer-than-others"};
    char p[256];
    snprintf(p, sizeof p, "%s/%s", dir, names[0]);
    close(open(p, O_CREAT | O_WRONLY, 0600));
    snprintf(p, sizeof p, "%s/%s", dir, names[1]);
    mkdir(p, 0700);
    snprintf(p, sizeof p, "%s/%s", dir, names[2]);
    close(open(p, O_CREAT | O_WRONLY, 0600));
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    char buf[4096] __attribute__((aligned(8)));
    char *found[16];
    int n = 0;
    long r = syscall(SYS_getdents64, fd, buf, sizeof buf);
    out("getdents64=%s", r > 0 ? "bytes" : rv(r));
    for (long off = 0; off < r && n < 16;) {
        struct { uint64_t ino; int64_t off; unsigned short reclen; unsigned char type; char name[]; } *e =
            (void *)(buf + off);
        static char item[16][80];
        snprintf(item[n], sizeof item[n], "%s:%s", e->name,
                 e->type == DT_DIR ? "dir" : e->type == DT_REG ? "reg" : "other");
        found[n] = item[n];
        n++;
        off += e->reclen;
    }
    qsort(found, (size_t)n, sizeof found[0], cmp_str);
    for (int i = 0; i < n; i++)
        out("%s", found[i]);
    out("end=%s", rv(syscall(SYS_getdents64, fd, buf, sizeof buf)));
    lseek(fd, 0, SEEK_SET);
    out("small-buffer=%s", rv(syscall(SYS_getdents64, fd, buf, 8)));
    out("enotdir=%s", rv(syscall(SYS_getdents64, 0, buf, sizeof buf)));
    for (int i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        i == 1 ? rmdir(p) : unlink(p);
    }
    rmdir(dir);
}

void case_statfs(void)
{
    struct statfs a, b;
    out("statfs=%s", rv(statfs(shm_dir, &a)));
    out("type=%s bsize=%lld namelen=%lld sizeof=%zu", a.f_type == 0x01021994 ? "tmpfs" : "other",
        (long long)a.f_bsize, (long long)a.f_namelen, sizeof a);
    int fd = open(shm_dir, O_RDONLY | O_DIRECTORY);
    out("fstatfs=%s", rv(fstatfs(fd, &b)));
    out("same=%s", a.f_type == b.f_type && a.f_blocks == b.f_blocks ? "yes" : "no");
    out("enoent=%s", rv(statfs(shm_path("nope"), &a)));
}

void case_fcntl_locks(void)
{
    int fd = open(shm_path("lk"), O_RDWR | O_CREAT | O_TRUNC, 0600);
    write(fd, "0123456789", 10);
    struct flock l = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 2, .l_len = 3};
    out("setlk=%s", rv(fcntl(fd, F_SETLK, &l)));
    pid_t c = fork();
    if (c == 0) {
        struct flock q = {.l_type = F_RDLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
        int r = fcntl(fd, F_GETLK, &q);
        int bad = fcntl(fd, F_SETLK, &q) == -1 && (errno == EAGAIN || errno == EACCES);
        _exit(r == 0 && q.l_type == F_WRLCK && q.l_start == 2 && q.l_len == 3 &&
                      q.l_pid == getppid() && bad ? 0 : 1);
    }
    int st;
    waitpid(c, &st, 0);
    out("child-getlk-sees-ours=%s", WIFEXITED(st) && WEXITSTATUS(st) == 0 ? "yes" : "no");
    struct flock o = {.l_type = F_RDLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    out("ofd-getlk=%s", rv(fcntl(fd, F_OFD_GETLK, &o)));
    out("type=%s", o.l_type == F_UNLCK ? "F_UNLCK" : "locked");
    out("einval=%s", rv(fcntl(fd, F_SETLK, (struct flock[]){{.l_type = 99}})));
    unlink(shm_path("lk"));
}

void case_fds_misc(void)
{
    int e = eventfd(3, EFD_CLOEXEC);
    uint64_t v = 4;
    write(e, &v, 8);
    out("eventfd=%s", rv(read(e, &v, 8)));
    out("value=%llu", (unsigned long long)v);
    out("short=%s", rv(read(e, &v, 4)));
    int m = memfd_create("x32st", MFD_CLOEXEC);
    out("memfd-write=%s", rv(write(m, "memfd", 5)));
    char link[256] = {0}, fdp[64];
    snprintf(fdp, sizeof fdp, "/proc/self/fd/%d", m);
    readlink(fdp, link, sizeof link - 1);
    out("link=%s", !strncmp(link, "/memfd:x32st", 12) ? "/memfd:x32st" : "other");
    int p[2];
    pipe(p);
    off_t off = 1;
    out("sendfile=%s", rv(sendfile(p[1], m, &off, 3)));
    out("off=%lld", (long long)off);
    char buf[8] = {0};
    read(p[0], buf, 3);
    out("got=%s", buf);
    unsigned char r[16];
    out("getrandom=%s", rv(getrandom(r, sizeof r, 0)));
    unsigned cpu = 99, node = 99;
    out("getcpu=%s", rv(syscall(SYS_getcpu, &cpu, &node, NULL)));
    out("cpu-valid=%s node=%u", cpu < 1024 ? "yes" : "no", node);
    int sv[2];
    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
    struct sockaddr_un a;
    socklen_t al = sizeof a;
    out("getsockname=%s", rv(getsockname(sv[0], (struct sockaddr *)&a, &al)));
    out("len=%u", (unsigned)al);
    char cwd[256];
    out("getcwd=%s", getcwd(cwd, 4) ? "fits" : rv(-1));
}

void case_pty_termios(void)
{
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    out("openpt=%s", m >= 0 ? "fd" : rv(m));
    if (m < 0)
        return;
    out("grant=%s unlock=%s", rv(grantpt(m)), rv(unlockpt(m)));
    const char *name = ptsname(m);
    out("ptsname=%s", name && !strncmp(name, "/dev/pts/", 9) ? "/dev/pts/N" : "other");
    int sl = open(name, O_RDWR | O_NOCTTY);
    struct termios t;
    out("tcgetattr=%s", rv(tcgetattr(sl, &t)));
    out("icanon=%s echo=%s", t.c_lflag & ICANON ? "on" : "off", t.c_lflag & ECHO ? "on" : "off");
    cfmakeraw(&t);
    out("tcsetattr=%s", rv(tcsetattr(sl, TCSANOW, &t)));
    struct winsize ws = {.ws_row = 33, .ws_col = 101}, got;
    out("TIOCSWINSZ=%s", rv(ioctl(m, TIOCSWINSZ, &ws)));
    out("TIOCGWINSZ=%s", rv(ioctl(sl, TIOCGWINSZ, &got)));
    out("size=%dx%d", got.ws_col, got.ws_row);
    write(m, "pty", 3);
    char buf[8] = {0};
    out("read=%s got=%s", rv(read(sl, buf, 3)), "pty");
    int n = -1;
    out("isatty=%d,%d", isatty(sl), isatty(m));
    out("TIOCGPTN=%s", rv(ioctl(m, TIOCGPTN, &n)));
}

void case_old_getdents_time(void)
{
    char dir[128];
    snprintf(dir, sizeof dir, "%s", shm_path("od"));
    mkdir(dir, 0700);
    char p[256];
    snprintf(p, sizeof p, "%s/only-file", dir);
    close(open(p, O_CREAT | O_WRONLY, 0600));
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    char buf[1024] __attribute__((aligned(8)));
    long r = syscall(SYS_getdents, fd, buf, sizeof buf);
    out("getdents=%s", r > 0 ? "bytes" : rv(r));
    /* The x32 kernel runs the native call: struct linux_dirent with 8-byte d_ino and
     * d_off, the type in the record's last byte. */
    char *names[8];
    int k = 0;
    for (long off = 0; off < r && k < 8;) {
        unsigned short reclen;
        memcpy(&reclen, buf + off + 16, 2);
        static char item[8][64];
        snprintf(item[k], sizeof item[k], "%s:%d", buf + off + 18, buf[off + reclen - 1]);
        names[k] = item[k];
        k++;
        off += reclen;
    }
    qsort(names, (size_t)k, sizeof names[0], cmp_str);
    for (int i = 0; i < k; i++)
        out("%s", names[i]);
    unlink(p);
    rmdir(dir);
    /* utime with a 64-bit struct utimbuf, time() with a 64-bit result. */
    int f = open(shm_path("ut"), O_CREAT | O_WRONLY, 0600);
    close(f);
    long long ub[2] = {4102444800LL, 1000000000LL};
    out("utime=%s", rr(sc6(SYS_utime, (long long)(uintptr_t)shm_path("ut"), (long long)(uintptr_t)ub, 0, 0, 0, 0)));
    struct stat st;
    stat(shm_path("ut"), &st);
    out("atime=%lld mtime=%lld", (long long)st.st_atim.tv_sec, (long long)st.st_mtim.tv_sec);
    unlink(shm_path("ut"));
    long long tt = 0;
    long long t = sc6(SYS_time, (long long)(uintptr_t)&tt, 0, 0, 0, 0, 0);
    out("time=%s stored=%s", t > 1577836800LL ? ">2020" : rr(t), tt == t ? "same" : "other");
    alarm(0);
    unsigned a1 = alarm(50);
    unsigned a2 = alarm(20); /* the case's guard again */
    out("alarm=%u then=%u", a1, a2);
    struct timex tx;
    memset(&tx, 0, sizeof tx);
    int a = adjtimex(&tx);
    out("adjtimex=%s tick=%lld sizeof=%zu", a >= 0 ? "state" : rv(a), (long long)tx.tick, sizeof tx);
}
