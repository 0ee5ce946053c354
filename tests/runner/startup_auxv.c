/* startup_auxv: the auxiliary vector glibc reads at start-up (getauxval). */
#include "check.h"
#include <elf.h>
#include <link.h>
#include <sys/auxv.h>

extern char _start[];

/* raw_aux: an entry of the auxv the loader left after envp on the initial stack. */
static ElfW(auxv_t) *raw_auxv;

static int raw_aux(unsigned long type, unsigned long *val)
{
    for (ElfW(auxv_t) *a = raw_auxv; a->a_type != AT_NULL; a++)
        if (a->a_type == type) {
            *val = a->a_un.a_val;
            return 1;
        }
    return 0;
}

int main(int argc, char **argv, char **envp)
{
    (void)argc;
    (void)argv;
    while (*envp)
        envp++;
    raw_auxv = (ElfW(auxv_t) *)(envp + 1);
    CHECK_EQ(sizeof raw_auxv->a_type, sizeof(void *));

    unsigned long pagesz = getauxval(AT_PAGESZ);
    CHECK_EQ(pagesz, 4096);
    CHECK_EQ(sysconf(_SC_PAGESIZE), 4096);

    const unsigned char *rnd = (const unsigned char *)getauxval(AT_RANDOM);
    CHECK(rnd != NULL);
    if (rnd) {
        int nonzero = 0;
        for (int i = 0; i < 16; i++)
            nonzero |= rnd[i];
        CHECK(nonzero);
    }

    /* The raw AT_HWCAP is CPUID.1:EDX: FPU (bit 0) and SSE2 (bit 26) are always
     * set on x86-64.  (glibc's getauxval(AT_HWCAP) reports its own value.) */
    unsigned long hwcap = 0, v = 0;
    CHECK(raw_aux(AT_HWCAP, &hwcap));
    CHECK(hwcap & (1UL << 0));
    CHECK(hwcap & (1UL << 26));
    CHECK(getauxval(AT_HWCAP) != 0);
    CHECK(raw_aux(AT_PAGESZ, &v) && v == 4096);
    CHECK(raw_aux(AT_RANDOM, &v) && v == getauxval(AT_RANDOM));
    CHECK(raw_aux(AT_ENTRY, &v) && v == getauxval(AT_ENTRY));
    CHECK(__builtin_cpu_supports("sse2"));

    CHECK_EQ(getauxval(AT_UID), getuid());
    CHECK_EQ(getauxval(AT_EUID), geteuid());
    CHECK_EQ(getauxval(AT_GID), getgid());
    CHECK_EQ(getauxval(AT_EGID), getegid());
    CHECK_EQ(getauxval(AT_SECURE), 0);
    CHECK_EQ(getauxval(AT_CLKTCK), sysconf(_SC_CLK_TCK));
    CHECK_EQ(getauxval(AT_CLKTCK), 100);

    const char *plat = (const char *)getauxval(AT_PLATFORM);
    CHECK(plat != NULL);
#if defined(__x86_64__) && defined(__ILP32__)
    /* The kernel's compat ELF loader (ia32 and x32) says "i686". */
    if (plat)
        CHECK_STR(plat, "i686");
#else
    if (plat)
        CHECK_STR(plat, "x86_64");
#endif

    const char *execfn = (const char *)getauxval(AT_EXECFN);
    CHECK(execfn != NULL);
    if (execfn) {
        const char *b = strrchr(execfn, '/');
        CHECK_STR(b ? b + 1 : execfn, "startup_auxv");
    }

    /* AT_PHDR/AT_PHENT describe this program's own headers. */
    CHECK_EQ(getauxval(AT_PHENT), sizeof(ElfW(Phdr)));
    CHECK_EQ(getauxval(AT_PHENT), IS_X32 ? 32 : 56);
    const ElfW(Phdr) *ph = (const ElfW(Phdr) *)getauxval(AT_PHDR);
    unsigned long phnum = getauxval(AT_PHNUM);
    CHECK(ph != NULL && phnum > 0 && phnum < 64);
    int has_load = 0;
    for (unsigned long i = 0; ph && i < phnum; i++)
        if (ph[i].p_type == PT_LOAD)
            has_load = 1;
    CHECK(has_load);

    /* AT_ENTRY is _start (load bias included for PIE). */
    CHECK_EQ((uintptr_t)getauxval(AT_ENTRY), (uintptr_t)_start);

    /* The vDSO image is an ELF of this ABI's class. */
    const unsigned char *vdso = (const unsigned char *)getauxval(AT_SYSINFO_EHDR);
    CHECK(vdso != NULL);
    if (vdso) {
        CHECK(memcmp(vdso, ELFMAG, SELFMAG) == 0);
        CHECK_EQ(vdso[EI_CLASS], IS_X32 ? ELFCLASS32 : ELFCLASS64);
    }

    /* sysconf(_SC_MINSIGSTKSZ) comes from AT_MINSIGSTKSZ on new kernels: the size
     * of a signal frame on this CPU (its XSAVE area), which the kernel computes the
     * same for an x32 task, and which is below the old constant 2048 on CPUs
     * without AVX-512 (1776 on one of our machines). */
#ifndef AT_MINSIGSTKSZ
#define AT_MINSIGSTKSZ 51
#endif
    CHECK(sysconf(_SC_MINSIGSTKSZ) >= 1024);
    if (getauxval(AT_MINSIGSTKSZ))
        CHECK_EQ((unsigned long)sysconf(_SC_MINSIGSTKSZ), (unsigned long)getauxval(AT_MINSIGSTKSZ));
    CHECK(sysconf(_SC_SIGSTKSZ) >= sysconf(_SC_MINSIGSTKSZ));
    return check_done();
}
