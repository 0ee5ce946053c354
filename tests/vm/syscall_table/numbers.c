/* tests/vm/syscall_table/numbers.c: x32's numbering itself (the 64-bit numbers of the
 * x32-specific calls and the numbers x32 does not have), and the calls the runner refuses
 * on purpose (listed in tests/vm/known-differences.txt). */

#include "syscall_table.h"

void case_kexec_load(void)
{
    /* Flags no kernel knows: refused before anything is loaded. */
    out("%s", rv(syscall(SYS_kexec_load, 0, 0, NULL, 0x100UL)));
}

/* The 64-bit numbers of the x32-specific calls, and numbers x32 never had, answer
 * ENOSYS with the x32 bit; numbers past the table too.  Without the bit, a call is a
 * plain x86-64 system call, which an x32 process may make. */
void case_x32_numbers(void)
{
    static const int native_only[] = {13, 15, 16, 19, 20, 45, 46, 47, 54, 55, 59, 101, 127,
                                      128, 129, 131, 134, 156, 174, 177, 178, 180, 181, 182,
                                      183, 184, 185, 205, 206, 209, 211, 214, 215, 222, 236,
                                      244, 246, 247, 273, 274, 278, 279, 295, 296, 297, 299,
                                      307, 310, 311, 322, 327, 328};
    int enosys = 0, other = 0;
    for (size_t i = 0; i < sizeof native_only / sizeof native_only[0]; i++) {
        long long r = sc6(0x40000000LL | native_only[i], 0, 0, 0, 0, 0, 0);
        if (r == -ENOSYS)
            enosys++;
        else {
            other++;
            out("nr%d=%s", native_only[i], rr(r));
        }
    }
    out("64-only-numbers: ENOSYS=%d other=%d", enosys, other);
    out("548=%s 600=%s 1023=%s", rr(sc6(0x40000000LL | 548, 0, 0, 0, 0, 0, 0)),
        rr(sc6(0x40000000LL | 600, 0, 0, 0, 0, 0, 0)), rr(sc6(0x40000000LL | 1023, 0, 0, 0, 0, 0, 0)));
    long long a = sc6(SYS_getpid, 0, 0, 0, 0, 0, 0);
    long long b = sc6(39 /* getpid, without the x32 bit */, 0, 0, 0, 0, 0, 0);
    out("getpid-x32=%s getpid-64=%s", a == getpid() ? "self" : rr(a), b == getpid() ? "self" : rr(b));
    long long u = sc6(102 /* getuid, x86-64 number */, 0, 0, 0, 0, 0, 0);
    out("getuid-64=%s", u == getuid() ? "self" : rr(u));
}

void case_io_uring(void)
{
    struct io_uring_params p;
    memset(&p, 0, sizeof p);
    long fd = syscall(SYS_io_uring_setup, 4, &p);
    out("%s", fd >= 0 ? "fd" : rv(fd));
    if (fd >= 0)
        out("sq_entries=%u cq_entries=%u", p.sq_entries, p.cq_entries);
}

void case_seccomp(void)
{
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    struct sock_filter allow[1] = {{0x06, 0, 0, SECCOMP_RET_ALLOW}};
    struct sock_fprog prog = {1, allow};
    out("filter=%s", rv(syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog)));
    out("prctl=%s", rv(prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0)));
    FILE *f = fopen("/proc/self/status", "r");
    char l[256];
    while (f && fgets(l, sizeof l, f))
        if (!strncmp(l, "Seccomp:", 8))
            out("status=%c", l[strspn(l + 8, " \t") + 8]);
    if (f)
        fclose(f);
}
