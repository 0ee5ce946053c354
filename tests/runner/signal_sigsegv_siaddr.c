/* signal_sigsegv_siaddr: SIGSEGV reports si_addr and si_code (SEGV_MAPERR
 * for unmapped memory, SEGV_ACCERR for a protection fault), and siglongjmp
 * out of the handler recovers. */
#include "check.h"
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

static void touch(volatile char *p, int write)
{
    memset(&got, 0, sizeof got);
    if (sigsetjmp(env, 1) == 0) {
        if (write)
            *p = 1;
        else
            (void)*p;
        CHECK(!"no fault");
    }
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    REQUIRE_SYS(sigaction(SIGSEGV, &sa, NULL));

    char *page = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(page != MAP_FAILED);
    REQUIRE_SYS(munmap(page + 2 * 4096, 4096));
    REQUIRE_SYS(mprotect(page + 4096, 4096, PROT_READ));

    touch(page + 4096 + 123, 1);                 /* write to read-only */
    CHECK_EQ(got.si_signo, SIGSEGV);
    CHECK_EQ(got.si_code, SEGV_ACCERR);
    CHECK(got.si_addr == page + 4096 + 123);

    touch(page + 2 * 4096 + 7, 0);               /* read of unmapped */
    CHECK_EQ(got.si_code, SEGV_MAPERR);
    CHECK(got.si_addr == page + 2 * 4096 + 7);

    touch((char *)16, 0);                        /* near NULL */
    CHECK_EQ(got.si_code, SEGV_MAPERR);
    CHECK(got.si_addr == (void *)16);

    REQUIRE_SYS(mprotect(page, 4096, PROT_NONE));
    touch(page + 4095, 0);                       /* read of PROT_NONE */
    CHECK_EQ(got.si_code, SEGV_ACCERR);
    CHECK(got.si_addr == page + 4095);

    /* The handler can be entered many times in a row. */
    int faults = 0;
    for (int i = 0; i < 200; i++) {
        touch(page + i, 1);
        if (got.si_addr == page + i)
            faults++;
    }
    CHECK_EQ(faults, 200);
    /* After siglongjmp(..., 1) SIGSEGV is unblocked again. */
    sigset_t cur;
    sigprocmask(SIG_BLOCK, NULL, &cur);
    CHECK(!sigismember(&cur, SIGSEGV));
    return check_done();
}
