/* tests/vm/syscall_table/memory.c: memory: mmap/mremap, brk, move_pages and
 * process_vm_readv/writev. */

#include "syscall_table.h"

void case_move_pages(void)
{
    static char page[4096] __attribute__((aligned(4096)));
    page[0] = 1;
    void *pages[1] = {page};
    int status[1] = {-99};
    out("%s", rv(syscall(SYS_move_pages, 0, 1, pages, NULL, status, 0)));
    out("status=%d", status[0]);
}

void case_process_vm(void)
{
    char src[] = "process-vm", dst[16] = {0}, d2[4] = {0};
    struct iovec local[2] = {{dst, 7}, {d2, 3}}, remote[1] = {{src, 10}};
    out("readv=%s", rv(process_vm_readv(getpid(), local, 2, remote, 1, 0)));
    out("got=%s|%.3s", dst, d2);
    char w[] = "XY";
    struct iovec l2[1] = {{w, 2}}, r2[1] = {{src, 2}};
    out("writev=%s", rv(process_vm_writev(getpid(), l2, 1, r2, 1, 0)));
    out("now=%s", src);
    struct iovec bad[1] = {{(void *)4096, 4}};
    out("efault=%s", rv(process_vm_readv(getpid(), local, 1, bad, 1, 0)));
    out("einval=%s", rv(process_vm_readv(getpid(), local, 1, remote, 1, 1)));
}

void case_mmap(void)
{
    long long len = 1 << 20;
    long long a = sc6(SYS_mmap, 0, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    out("anon=%s", ptr_class(a));
    long long hint = sc6(SYS_mmap, 0x200000000LL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    out("high-hint=%s", ptr_class(hint));
    long long fixed = sc6(SYS_mmap, 0x200000000LL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    out("fixed-high=%s", ptr_class(fixed));
    long long noreplace = sc6(SYS_mmap, 0x200000000LL, 4096, PROT_READ,
                              MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    out("noreplace-high=%s", ptr_class(noreplace));
    long long straddle = sc6(SYS_mmap, 0xfff00000LL, 0x200000, PROT_READ,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    out("fixed-straddling-4G=%s", ptr_class(straddle));
    out("5GiB=%s", ptr_class(sc6(SYS_mmap, 0, 5LL << 30, PROT_NONE,
                                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)));
    long long m = sc6(SYS_mremap, a, len, 64 * len, MREMAP_MAYMOVE, 0, 0);
    out("mremap-grow=%s", ptr_class(m));
    long long m2 = sc6(SYS_mremap, m, 64 * len, 4096, 0, 0, 0);
    out("mremap-shrink=%s same=%s", ptr_class(m2), m2 == m ? "yes" : "no");
    out("mremap-fixed-high=%s", ptr_class(sc6(SYS_mremap, m, 4096, 4096,
                                              MREMAP_MAYMOVE | MREMAP_FIXED, 0x300000000LL, 0)));
    out("munmap=%s", rr(sc6(SYS_munmap, m2, 4096, 0, 0, 0, 0)));
    out("einval=%s", ptr_class(sc6(SYS_mmap, 0, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)));
}

void case_brk(void)
{
    long long cur = sc6(SYS_brk, 0, 0, 0, 0, 0, 0);
    out("brk0=%s", (unsigned long long)cur < 1ULL << 32 && cur > 0 ? "ptr<4G" : "other");
    long long grown = sc6(SYS_brk, cur + 65536, 0, 0, 0, 0, 0);
    out("grow=%s", grown == cur + 65536 ? "+64K" : "other");
    volatile char *p = (volatile char *)(uintptr_t)(cur + 65535);
    *p = 1;
    out("writable=yes");
    long long shrunk = sc6(SYS_brk, cur, 0, 0, 0, 0, 0);
    out("shrink=%s", shrunk == cur ? "back" : "other");
    long long huge = sc6(SYS_brk, 0x180000000LL, 0, 0, 0, 0, 0);
    out("beyond-4G=%s", huge == cur ? "unchanged" : "other");
}
