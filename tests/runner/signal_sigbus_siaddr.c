/* signal_sigbus_siaddr: touching a file mapping past end-of-file raises
 * SIGBUS with BUS_ADRERR and the faulting address. */
#include "check.h"
#include <fcntl.h>
#include <setjmp.h>
#include <sys/mman.h>

static sigjmp_buf env;
static siginfo_t got;
static void handler(int sig, siginfo_t *si, void *uc)
{
    (void)sig;
    (void)uc;
    got = *si;
    siglongjmp(env, 1);
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGBUS, &sa, NULL));
    int fd = open("sigbus.dat", O_RDWR | O_CREAT | O_TRUNC, 0600);
    REQUIRE_SYS(fd);
    REQUIRE_SYS(ftruncate(fd, 100));
    char *p = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    REQUIRE(p != MAP_FAILED);
    p[50] = 'x';                        /* inside the file: fine */
    volatile char *bad = p + 2 * 4096 + 10;
    if (sigsetjmp(env, 1) == 0) {
        (void)*bad;
        CHECK(!"no SIGBUS");
    }
    CHECK_EQ(got.si_signo, SIGBUS);
    CHECK_EQ(got.si_code, BUS_ADRERR);
    CHECK(got.si_addr == (void *)bad);
    char c;
    CHECK_EQ(pread(fd, &c, 1, 50), 1);
    CHECK_EQ(c, 'x');
    close(fd);
    return check_done();
}
