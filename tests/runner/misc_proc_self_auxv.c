/* misc_proc_self_auxv: /proc/self/auxv holds this ABI's auxv entries (pairs
 * of 32-bit words on x32), matching getauxval. */
#include "check.h"
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/auxv.h>

int main(void)
{
    int fd = open("/proc/self/auxv", O_RDONLY);
    REQUIRE_SYS(fd);
    static ElfW(auxv_t) av[128];
    ssize_t n = read(fd, av, sizeof av);
    close(fd);
    CHECK(n > 0);
    CHECK_EQ(n % (ssize_t)sizeof av[0], 0);
    int seen = 0, ended = 0;
    for (int i = 0; i < n / (int)sizeof av[0]; i++) {
        unsigned long t = av[i].a_type, v = av[i].a_un.a_val;
        if (t == AT_NULL) {
            ended = 1;
            break;
        }
        if (t == AT_PAGESZ || t == AT_ENTRY || t == AT_RANDOM || t == AT_PHDR || t == AT_UID) {
            if (!CHECK_EQ(v, getauxval(t)))
                fprintf(stderr, "  entry type %lu\n", t);
            seen++;
        }
    }
    CHECK(ended);
    CHECK_EQ(seen, 5);
    return check_done();
}
