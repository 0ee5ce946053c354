/* misc_uname_sysinfo: uname reports Linux/x86_64 and matches /proc; sysinfo
 * and sysconf give plausible memory and CPU numbers; getrandom fills
 * buffers; prctl PR_SET_NAME/PR_GET_NAME round-trips. */
#include "check.h"
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>

static void read_line(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "r");
    buf[0] = 0;
    if (f) {
        if (fgets(buf, (int)n, f))
            buf[strcspn(buf, "\n")] = 0;
        fclose(f);
    }
}

int main(void)
{
    struct utsname u;
    CHECK_SYS(uname(&u));
    CHECK_STR(u.sysname, "Linux");
    CHECK_STR(u.machine, "x86_64");
    char rel[256], host[256];
    read_line("/proc/sys/kernel/osrelease", rel, sizeof rel);
    read_line("/proc/sys/kernel/hostname", host, sizeof host);
    CHECK_STR(u.release, rel);
    CHECK_STR(u.nodename, host);

    struct sysinfo si;
    CHECK_SYS(sysinfo(&si));
    unsigned long long total = (unsigned long long)si.totalram * si.mem_unit;
    CHECK(total >= (64ULL << 20));
    CHECK(si.freeram <= si.totalram);
    CHECK(si.uptime > 0);
    CHECK(si.procs > 0);
    long pages = sysconf(_SC_PHYS_PAGES);
    CHECK(pages > 0);
    CHECK(sysconf(_SC_NPROCESSORS_ONLN) >= 1);
    CHECK(sysconf(_SC_NPROCESSORS_CONF) >= sysconf(_SC_NPROCESSORS_ONLN));
    CHECK(sysconf(_SC_OPEN_MAX) > 0);

    unsigned char a[64], b[64];
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    CHECK_EQ(getrandom(a, sizeof a, 0), sizeof a);
    CHECK_EQ(getrandom(b, sizeof b, GRND_NONBLOCK), sizeof b);
    CHECK(memcmp(a, b, sizeof a) != 0);
    CHECK_SYS(getentropy(a, 32));

    char name[17] = "";
    CHECK_SYS(prctl(PR_SET_NAME, "x32-named-thread"));
    CHECK_SYS(prctl(PR_GET_NAME, name));
    CHECK_STR(name, "x32-named-threa");   /* 15 chars + NUL */
    char comm[64];
    read_line("/proc/self/comm", comm, sizeof comm);
    CHECK_STR(comm, "x32-named-threa");
    return check_done();
}
