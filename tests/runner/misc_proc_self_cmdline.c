/* misc_proc_self_cmdline: /proc/self/cmdline is this program's argv and
 * /proc/self/comm its name (first 15 bytes of the file name), as ps and
 * pgrep see them. */
#include "check.h"
#include <fcntl.h>

int main(int argc, char **argv)
{
    char buf[4096];
    int fd = open("/proc/self/cmdline", O_RDONLY);
    REQUIRE_SYS(fd);
    ssize_t n = read(fd, buf, sizeof buf);
    close(fd);
    char want[4096];
    size_t len = 0;
    for (int i = 0; i < argc; i++) {
        size_t l = strlen(argv[i]) + 1;
        memcpy(want + len, argv[i], l);
        len += l;
    }
    CHECK_EQ(n, (ssize_t)len);
    if (n == (ssize_t)len && !CHECK(memcmp(buf, want, len) == 0)) {
        for (ssize_t i = 0; i < n; i++)
            if (!buf[i])
                buf[i] = ' ';
        fprintf(stderr, "  cmdline: %.*s\n", (int)n, buf);
    }
    fd = open("/proc/self/comm", O_RDONLY);
    REQUIRE_SYS(fd);
    n = read(fd, buf, sizeof buf - 1);
    close(fd);
    CHECK(n > 0);
    buf[n > 0 ? n : 0] = 0;
    buf[strcspn(buf, "\n")] = 0;
    const char *base = strrchr(argv[0], '/');
    base = base ? base + 1 : argv[0];
    char comm[16];
    snprintf(comm, sizeof comm, "%s", base);
    CHECK_STR(buf, comm);
    return check_done();
}
