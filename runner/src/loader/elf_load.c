/* Loading an x32 ELF image below 4 GiB: the exec header read with raw calls,
 * the headers validated by elf_parse.c, each PT_LOAD mapped as its segment plan
 * says (bss zeroed, protections applied), and the PIE base: 0x400000 plus up to
 * 1 MiB of randomisation (a kernel's differs: tests/vm/known-differences.txt). */
#include "loader/elf_load.h"
#include "core/core.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>

long read_exec_header(int fd, unsigned char *buf, size_t cap, uint64_t *file_size)
{
    struct stat st;
    long r = raw_syscall2(SYS_fstat, fd, &st);
    if (raw_failed(r))
        return r;
    *file_size = (uint64_t)st.st_size;
    size_t got = 0;
    while (got < cap) {
        r = raw_syscall4(SYS_pread64, fd, buf + got, cap - got, got);
        if (raw_failed(r))
            return r;
        if (r == 0)
            break;
        got += (size_t)r;
    }
    return (long)got;
}

static void map_segment(int fd, const char *path, const struct elf32_segment *s,
                        uint64_t bias)
{
    struct segment_plan p;
    elf32_plan_segment(s, bias, &p);
    if (p.map_len) {
        long r = raw_syscall6(SYS_mmap, p.map_start, p.map_len,
                              p.prot | (p.zero_len ? PROT_WRITE : 0),
                              MAP_PRIVATE | MAP_FIXED, fd, p.map_offset);
        if (raw_failed(r))
            die(126, "%s: cannot map segment at 0x%lx (error %ld)", path, bias + s->vaddr, -r);
        if (p.zero_len) {
            /* The rest of the last file page is bss and must read as zero. */
            mem_set((void *)p.zero_start, 0, p.zero_len);
            if (!(p.prot & PROT_WRITE)) {
                /* Left writable, a read-only segment would silently accept stores. */
                r = raw_syscall3(SYS_mprotect, p.map_start, p.map_len, p.prot);
                if (raw_failed(r))
                    die(126, "%s: cannot set the protection of the segment at 0x%lx "
                        "(error %ld)", path, bias + s->vaddr, -r);
            }
        }
    }
    if (p.anon_len) {
        long r = raw_syscall6(SYS_mmap, p.anon_start, p.anon_len, p.prot,
                              MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (raw_failed(r))
            die(126, "%s: cannot map bss at 0x%lx (error %ld)", path, p.anon_start, -r);
    }
}

uint64_t pie_load_base(void)
{
    uint64_t base = 0x400000;
    long persona = raw_syscall1(SYS_personality, 0xffffffffUL);
    uint16_t rnd = 0;
    if (persona >= 0 && !(persona & 0x0040000 /* ADDR_NO_RANDOMIZE */) &&
        raw_syscall3(SYS_getrandom, &rnd, sizeof rnd, 0) == sizeof rnd)
        base += (uint64_t)(rnd & 0xff) * X32_PAGE;
    return base;
}

void load_elf32(int fd, const char *path, uint64_t pie_base, struct loaded_elf *out)
{
    static unsigned char hdr[EXEC_HEADER_MAX];
    uint64_t file_size;
    long n = read_exec_header(fd, hdr, sizeof hdr, &file_size);
    if (n < 0)
        die(126, "%s: cannot read (error %ld)", path, -n);
    struct elf32_image img;
    const char *why;
    if (elf32_parse(hdr, (size_t)n, file_size, &img, &why) != 0)
        die(126, "%s: malformed x32 ELF file: %s", path, why);

    uint64_t span = img.hi - img.lo;
    uint64_t bias = 0;
    /* Reserve the whole span first so the segments land together and the
     * holes between them stay unusable, like the kernel's ELF loader does. */
    if (img.is_pie) {
        long r = -1;
        if (pie_base)
            r = raw_syscall6(SYS_mmap, pie_base, span, PROT_NONE,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE,
                             -1, 0);
        if (raw_failed(r) || (uint64_t)r != pie_base)
            r = raw_syscall6(SYS_mmap, 0, span, PROT_NONE,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (raw_failed(r) || !guest_range_ok((uint64_t)r, span))
            die(126, "%s: no room below 4 GiB for %lu bytes", path, span);
        bias = (uint64_t)r - img.lo;
    } else {
        long r = raw_syscall6(SYS_mmap, img.lo, span, PROT_NONE,
                              MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
                                  MAP_FIXED_NOREPLACE, -1, 0);
        if (raw_failed(r) || (uint64_t)r != img.lo)
            die(126, "%s: its segments at 0x%lx-0x%lx collide with existing mappings",
                path, img.lo, img.hi);
    }
    for (unsigned i = 0; i < img.nseg; i++)
        map_segment(fd, path, &img.seg[i], bias);

    out->bias = bias;
    out->entry = bias + img.entry;
    out->phdr = img.phdr_vaddr ? bias + img.phdr_vaddr : 0;
    out->phnum = img.phnum;
    out->exec_stack = img.exec_stack;
    out->end = bias + img.seg[img.nseg - 1].vaddr + img.seg[img.nseg - 1].memsz;
    out->start_code = ~0ULL;
    out->end_code = out->start_data = out->end_data = 0;
    for (unsigned i = 0; i < img.nseg; i++) {
        const struct elf32_segment *g = &img.seg[i];
        if ((g->prot & PROT_EXEC) && g->vaddr < out->start_code)
            out->start_code = g->vaddr;
        if ((g->prot & PROT_EXEC) && g->vaddr + g->filesz > out->end_code)
            out->end_code = g->vaddr + g->filesz;
        if (g->vaddr > out->start_data)
            out->start_data = g->vaddr;
        if (g->vaddr + g->filesz > out->end_data)
            out->end_data = g->vaddr + g->filesz;
    }
    if (out->start_code == ~0ULL)
        out->start_code = 0;
    out->start_code += bias;
    out->end_code += bias;
    out->start_data += bias;
    out->end_data += bias;
    out->interp[0] = 0;
    if (img.has_interp) {
        if (img.interp_offset + img.interp_size <= (uint64_t)n) {
            mem_copy(out->interp, hdr + img.interp_offset, img.interp_size);
        } else {
            long r = raw_syscall4(SYS_pread64, fd, out->interp, img.interp_size,
                                  img.interp_offset);
            if (r != (long)img.interp_size)
                die(126, "%s: cannot read PT_INTERP", path);
        }
        if (out->interp[img.interp_size - 1] != 0 ||
            str_len(out->interp) != img.interp_size - 1)
            die(126, "%s: malformed PT_INTERP string", path);
    }
}
