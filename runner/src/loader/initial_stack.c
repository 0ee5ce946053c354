/* The x32 process stack: the main stack mapped under 0xFFFFE000 with its guard,
 * and what an x32 kernel writes there (u32 argc, argv and envp pointers,
 * Elf32 auxv, strings, AT_RANDOM), with the host's auxv values kept for it. */
#include "base/x32_abi.h"
#include "loader/initial_stack.h"
#include "core/core.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <elf.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#ifndef AT_RSEQ_FEATURE_SIZE
#define AT_RSEQ_FEATURE_SIZE 27
#define AT_RSEQ_ALIGN 28
#endif
#ifndef AT_HWCAP3
#define AT_HWCAP3 29
#define AT_HWCAP4 30
#endif
#ifndef AT_MINSIGSTKSZ
#define AT_MINSIGSTKSZ 51
#endif

static const uint64_t *host_auxv;
static uint64_t stack_base, stack_len, guard_base;

/* The kernel keeps stack_guard_gap (256 pages) free below a stack; so do we, with a
 * PROT_NONE mapping, or the mmap area would start right under the stack and an
 * overflow would run into ld.so's data instead of faulting. */
#define STACK_GUARD (256ULL * 4096)

void host_auxv_init(char **envp)
{
    char **p = envp;
    while (*p)
        p++;
    host_auxv = (const uint64_t *)(p + 1);
}

uint64_t host_auxval(uint64_t type)
{
    for (const uint64_t *a = host_auxv; a && a[0] != AT_NULL; a += 2)
        if (a[0] == type)
            return a[1];
    return 0;
}

static uint64_t stack_size(void)
{
    struct rlimit rl;
    uint64_t size = 8ULL << 20;
    if (raw_syscall2(SYS_getrlimit, RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        size = rl.rlim_cur;
    if (size < (256ULL << 10))
        size = 256ULL << 10;
    if (size > (512ULL << 20))
        size = 512ULL << 20; /* an x32 task cannot afford more */
    return (size + 4095) & ~4095ULL;
}

static uint64_t push_bytes(uint64_t sp, const void *data, size_t n)
{
    sp -= n;
    mem_copy((void *)sp, data, n);
    return sp;
}

void map_guest_stack(void)
{
    uint64_t size = stack_size();
    /* Flush against TASK_SIZE, as on a kernel (a plain mmap would be
     * 2 MiB-aligned for THP and leave a hole above it). */
    uint64_t want = X32_TASK_SIZE - size;
    long base = guest_mmap(want, size, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK | MAP_FIXED_NOREPLACE, -1, 0);
    if (raw_failed(base))
        base = guest_mmap(0, size, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (raw_failed(base))
        die(126, "cannot map a %lu-byte stack below 4 GiB", size);
    stack_base = (uint64_t)base;
    stack_len = size;
    long g = guest_mmap(stack_base - STACK_GUARD, STACK_GUARD, PROT_NONE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
    guard_base = raw_failed(g) ? 0 : (uint64_t)g;
}

int in_stack_guard(uint64_t addr)
{
    return guard_base && addr >= guard_base && addr < guard_base + STACK_GUARD;
}

int is_stack_guard_range(uint64_t start, uint64_t end)
{
    return guard_base && start == guard_base && end == guard_base + STACK_GUARD;
}

void make_guest_stack_executable(void)
{
    long r = raw_syscall3(SYS_mprotect, stack_base, stack_len, PROT_READ | PROT_WRITE | PROT_EXEC);
    if (raw_failed(r))
        die(126, "cannot make the stack executable, as the program's PT_GNU_STACK asks "
            "(mprotect error %ld; is W^X memory enforced here?)", -r);
}

int guest_stack_mprotect(uint64_t addr, uint64_t len, uint64_t prot, long *result)
{
    if (!(prot & PROT_GROWSDOWN) || addr < stack_base || addr >= stack_base + stack_len)
        return 0;
    uint64_t end = addr + len;
    if (end > stack_base + stack_len)
        end = stack_base + stack_len;
    *result = raw_syscall3(SYS_mprotect, stack_base, end - stack_base, prot & ~PROT_GROWSDOWN);
    return 1;
}

uint64_t build_initial_stack(int argc, char **argv, char **envp,
                             const struct auxv_info *ai)
{
    uint64_t base = stack_base;
    uint64_t sp = base + stack_len;

    int envc = 0;
    while (envp[envc])
        envc++;

    /* The kernel's order, top down: a zero word (bprm->p starts sizeof(void *) below
     * the end), the exec'd file's name, the environment and argument strings; then
     * (create_elf_tables) the platform string and the AT_RANDOM bytes.  Code that
     * reads a little past the last string (glibc's, with some tunables) relies on it. */
    sp -= 8;
    for (int i = 0; i < 8; i++)
        ((volatile unsigned char *)(uintptr_t)sp)[i] = 0;
    sp = push_bytes(sp, ai->execfn, str_len(ai->execfn) + 1);
    uint64_t execfn_addr = sp;

    /* Strings first (highest), so their addresses are known for the vectors. */
    static uint32_t envp_addr[65536], argv_addr[65536];
    if (envc >= 65536 || argc >= 65536)
        die(126, "too many arguments or environment variables");
    for (int i = envc - 1; i >= 0; i--) {
        sp = push_bytes(sp, envp[i], str_len(envp[i]) + 1);
        envp_addr[i] = (uint32_t)sp;
    }
    for (int i = argc - 1; i >= 0; i--) {
        sp = push_bytes(sp, argv[i], str_len(argv[i]) + 1);
        argv_addr[i] = (uint32_t)sp;
    }
    /* A real x32 task is loaded by the kernel's compat ELF loader, whose platform
     * string is COMPAT_ELF_PLATFORM, "i686" (shared with ia32); glibc uses it for
     * $PLATFORM in library paths. Observed in the x32 kernel of vm/. */
    sp = push_bytes(sp, "i686", 5);
    uint64_t platform_addr = sp;
    unsigned char random[16];
    if (raw_syscall3(SYS_getrandom, random, sizeof random, 0) != sizeof random)
        for (int i = 0; i < 16; i++)
            random[i] = (unsigned char)(i * 37 + (uint64_t)&sp);
    sp = push_bytes(sp, random, sizeof random);
    uint64_t random_addr = sp;
    if (sp - base < 64 * 1024)
        die(126, "arguments and environment do not fit on the stack");

    uint32_t auxv[64];
    int na = 0;
#define AUX(k, v) (auxv[na++] = (uint32_t)(k), auxv[na++] = (uint32_t)(v))
    if (ai->vdso_base)
        AUX(AT_SYSINFO_EHDR, ai->vdso_base);
    if (host_auxval(AT_MINSIGSTKSZ))
        AUX(AT_MINSIGSTKSZ, host_auxval(AT_MINSIGSTKSZ));
    AUX(AT_HWCAP, host_auxval(AT_HWCAP));
    AUX(AT_PAGESZ, 4096);
    AUX(AT_CLKTCK, host_auxval(AT_CLKTCK) ? host_auxval(AT_CLKTCK) : 100);
    AUX(AT_PHDR, ai->phdr);
    AUX(AT_PHENT, sizeof(Elf32_Phdr));
    AUX(AT_PHNUM, ai->phnum);
    AUX(AT_BASE, ai->interp_base);
    AUX(AT_FLAGS, 0);
    AUX(AT_ENTRY, ai->entry);
    AUX(AT_UID, raw_syscall0(SYS_getuid));
    AUX(AT_EUID, raw_syscall0(SYS_geteuid));
    AUX(AT_GID, raw_syscall0(SYS_getgid));
    AUX(AT_EGID, raw_syscall0(SYS_getegid));
    AUX(AT_SECURE, host_auxval(AT_SECURE));
    AUX(AT_RANDOM, random_addr);
    AUX(AT_HWCAP2, host_auxval(AT_HWCAP2));
    AUX(AT_EXECFN, execfn_addr);
    AUX(AT_PLATFORM, platform_addr);
    if (host_auxval(AT_RSEQ_FEATURE_SIZE)) {
        AUX(AT_RSEQ_FEATURE_SIZE, host_auxval(AT_RSEQ_FEATURE_SIZE));
        AUX(AT_RSEQ_ALIGN, host_auxval(AT_RSEQ_ALIGN));
    }
    if (host_auxval(AT_HWCAP3))
        AUX(AT_HWCAP3, host_auxval(AT_HWCAP3));
    if (host_auxval(AT_HWCAP4))
        AUX(AT_HWCAP4, host_auxval(AT_HWCAP4));
    AUX(AT_NULL, 0);
#undef AUX

    guest_mm.auxv_words = na < GUEST_AUXV_WORDS ? na : GUEST_AUXV_WORDS;
    mem_copy(guest_mm.auxv, auxv, (size_t)guest_mm.auxv_words * 4);
    /* The kernel's mm fields: the strings, then (below) argc's address. */
    guest_mm.env_end = execfn_addr;
    guest_mm.env_start = envc ? envp_addr[0] : execfn_addr;
    guest_mm.arg_start = argc ? argv_addr[0] : guest_mm.env_start;
    guest_mm.arg_end = guest_mm.env_start;
    guest_mm.stack_lo = stack_base;
    guest_mm.stack_hi = stack_base + stack_len;
    uint64_t words = 1 + (uint64_t)argc + 1 + (uint64_t)envc + 1 + (uint64_t)na;
    sp = (sp - words * 4) & ~15ULL;
    uint32_t *w = (uint32_t *)sp;
    *w++ = (uint32_t)argc;
    for (int i = 0; i < argc; i++)
        *w++ = argv_addr[i];
    *w++ = 0;
    for (int i = 0; i < envc; i++)
        *w++ = envp_addr[i];
    *w++ = 0;
    for (int i = 0; i < na; i++)
        *w++ = auxv[i];
    guest_mm.start_stack = sp;
    return sp;
}
