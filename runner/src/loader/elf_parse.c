/* ELF32 parsing for x32 (elf_parse.h): classifying a file's first bytes,
 * validating headers, planning each segment's mapping and splitting "#!" lines.
 * Pure (no system calls, no globals), so runner/fuzz drives it directly and
 * the preload library compiles it in. */
#include "loader/elf_parse.h"
#include <elf.h>
#include <string.h>

enum elf_kind elf_classify(const unsigned char *buf, size_t len)
{
    if (len >= 2 && buf[0] == '#' && buf[1] == '!')
        return ELF_KIND_SCRIPT;
    if (len < 20 || memcmp(buf, ELFMAG, SELFMAG) != 0)
        return ELF_KIND_NOT_ELF;
    unsigned machine = buf[18] | (unsigned)buf[19] << 8;
    if (buf[EI_CLASS] == ELFCLASS32 && machine == EM_X86_64)
        return ELF_KIND_X32;
    if (buf[EI_CLASS] == ELFCLASS64 && machine == EM_X86_64)
        return ELF_KIND_X86_64;
    if (buf[EI_CLASS] == ELFCLASS32 && machine == EM_386)
        return ELF_KIND_I386;
    return ELF_KIND_OTHER_ELF;
}

static int fail(const char **why, const char *msg)
{
    *why = msg;
    return -1;
}

int elf32_parse(const unsigned char *buf, size_t len, uint64_t file_size,
                struct elf32_image *img, const char **why)
{
    Elf32_Ehdr eh;
    memset(img, 0, sizeof *img);
    if (len < sizeof eh)
        return fail(why, "truncated ELF header");
    memcpy(&eh, buf, sizeof eh);
    if (elf_classify(buf, len) != ELF_KIND_X32)
        return fail(why, "not an x32 ELF file");
    if (eh.e_ident[EI_DATA] != ELFDATA2LSB)
        return fail(why, "not little-endian");
    if (eh.e_type != ET_EXEC && eh.e_type != ET_DYN)
        return fail(why, "not an executable or shared object");
    if (eh.e_phentsize != sizeof(Elf32_Phdr))
        return fail(why, "bad program header size");
    if (eh.e_phnum == 0 || eh.e_phnum > ELF32_MAX_PHNUM)
        return fail(why, "bad number of program headers");
    uint64_t ph_end = (uint64_t)eh.e_phoff + (uint64_t)eh.e_phnum * sizeof(Elf32_Phdr);
    if (ph_end > len || ph_end > file_size)
        return fail(why, "program headers beyond end of file");

    img->is_pie = eh.e_type == ET_DYN;
    img->entry = eh.e_entry;
    img->phoff = eh.e_phoff;
    img->phnum = eh.e_phnum;

    uint64_t prev_end = 0;
    for (unsigned i = 0; i < eh.e_phnum; i++) {
        Elf32_Phdr ph;
        memcpy(&ph, buf + eh.e_phoff + i * sizeof ph, sizeof ph);
        if (ph.p_type == PT_INTERP) {
            if (img->has_interp)
                return fail(why, "more than one PT_INTERP");
            if (ph.p_filesz < 2 || ph.p_filesz > 4096 ||
                (uint64_t)ph.p_offset + ph.p_filesz > file_size)
                return fail(why, "bad PT_INTERP");
            img->has_interp = 1;
            img->interp_offset = ph.p_offset;
            img->interp_size = ph.p_filesz;
        } else if (ph.p_type == PT_GNU_STACK) {
            img->exec_stack = (ph.p_flags & PF_X) != 0;
        } else if (ph.p_type == PT_PHDR) {
            img->phdr_vaddr = ph.p_vaddr;
        } else if (ph.p_type == PT_LOAD) {
            if (ph.p_memsz == 0)
                continue;
            if (img->nseg == ELF32_MAX_LOADS)
                return fail(why, "too many PT_LOAD segments");
            if (ph.p_filesz > ph.p_memsz)
                return fail(why, "segment file size exceeds memory size");
            if ((uint64_t)ph.p_offset + ph.p_filesz > file_size)
                return fail(why, "segment beyond end of file");
            if ((ph.p_offset - ph.p_vaddr) % X32_PAGE)
                return fail(why, "segment offset and address not congruent");
            uint64_t start = ph.p_vaddr, end = start + (uint64_t)ph.p_memsz;
            if (end > X32_TASK_SIZE)
                return fail(why, "segment extends beyond the 4 GiB x32 address space");
            if (img->nseg && start < prev_end)
                return fail(why, "segments overlap or are not in address order");
            prev_end = end;
            struct elf32_segment *s = &img->seg[img->nseg++];
            s->vaddr = start;
            s->memsz = ph.p_memsz;
            s->offset = ph.p_offset;
            s->filesz = ph.p_filesz;
            s->prot = ((ph.p_flags & PF_R) ? 1 : 0) | ((ph.p_flags & PF_W) ? 2 : 0) |
                      ((ph.p_flags & PF_X) ? 4 : 0);
        }
    }
    if (img->nseg == 0)
        return fail(why, "no loadable segments");
    img->lo = img->seg[0].vaddr & ~(X32_PAGE - 1);
    uint64_t last = img->seg[img->nseg - 1].vaddr + img->seg[img->nseg - 1].memsz;
    img->hi = (last + X32_PAGE - 1) & ~(X32_PAGE - 1);
    if (img->hi > X32_TASK_SIZE)
        return fail(why, "segment extends beyond the 4 GiB x32 address space");
    if (!img->is_pie && img->lo < X32_PAGE)
        return fail(why, "segment maps page zero");
    if (img->entry < img->seg[0].vaddr || img->entry >= last)
        return fail(why, "entry point outside the loaded segments");
    /* Without PT_PHDR the headers are visible if a segment maps them from the
     * file (the usual case: the first PT_LOAD starts at offset 0). */
    if (!img->phdr_vaddr) {
        for (unsigned i = 0; i < img->nseg; i++) {
            const struct elf32_segment *s = &img->seg[i];
            if (img->phoff >= s->offset && ph_end <= s->offset + s->filesz) {
                img->phdr_vaddr = s->vaddr + (img->phoff - s->offset);
                break;
            }
        }
    }
    return 0;
}

/* Splits a "#!interp [arg]" line in place, like the kernel does.  hdr holds
 * len bytes read from the file plus a terminating NUL at hdr[len]; len >= 2
 * and the bytes start with "#!" (elf_classify said ELF_KIND_SCRIPT). */
int parse_shebang(char *hdr, long len, char **interp, char **arg)
{
    char *end = hdr + len;
    char *nl = hdr + 2;
    while (nl < end && *nl != '\n')
        nl++;
    if (nl == end && len >= 255)
        return -1;
    *nl = 0;
    char *p = hdr + 2;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!*p)
        return -1;
    *interp = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    *arg = 0;
    if (*p) {
        *p++ = 0;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p) {
            *arg = p;
            char *q = p + strlen(p);
            while (q > p && (q[-1] == ' ' || q[-1] == '\t'))
                *--q = 0;
        }
    }
    return 0;
}

void elf32_plan_segment(const struct elf32_segment *s, uint64_t bias, struct segment_plan *p)
{
    uint64_t start = bias + s->vaddr;
    uint64_t file_end = start + s->filesz;
    uint64_t mem_end = start + s->memsz;
    uint64_t page_mask = X32_PAGE - 1;
    memset(p, 0, sizeof *p);
    p->prot = s->prot;
    p->map_start = start & ~page_mask;
    if (s->filesz) {
        p->map_len = ((file_end + page_mask) & ~page_mask) - p->map_start;
        p->map_offset = s->offset & ~page_mask;
        if (s->memsz > s->filesz && (file_end & page_mask)) {
            p->zero_start = file_end;
            p->zero_len = X32_PAGE - (file_end & page_mask);
        }
    }
    uint64_t anon_start = p->map_start + p->map_len;
    uint64_t anon_end = (mem_end + page_mask) & ~page_mask;
    if (anon_end > anon_start) {
        p->anon_start = anon_start;
        p->anon_len = anon_end - anon_start;
    }
}

int script_has_x32_interp(char *hdr, long len, char **interp, char **arg,
                          long (*read_header)(void *ctx, const char *interp,
                                              unsigned char *buf, size_t cap),
                          void *ctx)
{
    if (parse_shebang(hdr, len, interp, arg) != 0)
        return 0;
    unsigned char ih[64];
    long n = read_header(ctx, *interp, ih, sizeof ih);
    /* More than the bytes elf_classify looks at, less than a whole ELF header:
     * the loader reports a truncated interpreter later. */
    return n > 20 && elf_classify(ih, (size_t)n) == ELF_KIND_X32;
}
