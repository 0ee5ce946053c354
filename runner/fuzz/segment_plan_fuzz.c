/* libFuzzer harness for the segment mapping plan (elf32_plan_segment in
 * src/loader/elf_parse.c), which decides what elf_load.c maps for each PT_LOAD of a
 * file elf32_parse accepted.  The input is an ELF file; its last 4 bytes also
 * pick the load bias of a PIE, as the loader's mmap would (page-aligned, the
 * whole span below the x32 task size).  Checks that every plan maps exactly
 * the segment's pages, from the right file offset, inside the span. */
#include "loader/elf_parse.h"
#include <stdlib.h>
#include <string.h>

#define PAGE_DOWN(v) ((v) & ~(X32_PAGE - 1))
#define PAGE_UP(v) (((v) + X32_PAGE - 1) & ~(X32_PAGE - 1))

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    struct elf32_image img;
    const char *why = 0;
    if (elf32_parse(data, size, size, &img, &why) != 0)
        return 0;
    uint64_t bias = 0;
    if (img.is_pie) {
        uint32_t pick = 0;
        if (size >= 4)
            memcpy(&pick, data + size - 4, 4);
        uint64_t room = X32_TASK_SIZE - (img.hi - img.lo);
        uint64_t base = PAGE_DOWN((uint64_t)pick % (room + 1));
        bias = base - img.lo;
    }
    uint64_t span_lo = bias + img.lo, span_hi = bias + img.hi;
    if (span_hi > X32_TASK_SIZE || span_lo > span_hi)
        abort();
    for (unsigned i = 0; i < img.nseg; i++) {
        const struct elf32_segment *s = &img.seg[i];
        struct segment_plan p;
        elf32_plan_segment(s, bias, &p);
        uint64_t start = bias + s->vaddr, file_end = start + s->filesz, mem_end = start + s->memsz;
        if (p.prot != s->prot || p.map_start != PAGE_DOWN(start))
            abort();
        if (s->filesz) {
            /* The file pages: page-aligned, the segment's bytes at their place. */
            if (p.map_len == 0 || p.map_len % X32_PAGE || p.map_offset % X32_PAGE ||
                p.map_start + p.map_len != PAGE_UP(file_end) ||
                start - p.map_start != s->offset - p.map_offset ||
                p.map_offset + (start - p.map_start) + s->filesz > size)
                abort();
        } else if (p.map_len) {
            abort();
        }
        if (p.zero_len) {
            /* Only the bss tail of the last file page, and only when there is bss. */
            if (s->memsz <= s->filesz || p.zero_start != file_end ||
                p.zero_start + p.zero_len != PAGE_UP(file_end) ||
                p.zero_start + p.zero_len > p.map_start + p.map_len)
                abort();
        } else if (s->memsz > s->filesz && s->filesz && file_end % X32_PAGE) {
            abort(); /* bss left holding file bytes */
        }
        if (p.anon_len) {
            if (p.anon_start != p.map_start + p.map_len || p.anon_start % X32_PAGE ||
                p.anon_start + p.anon_len != PAGE_UP(mem_end))
                abort();
        } else if (PAGE_UP(mem_end) > p.map_start + p.map_len) {
            abort(); /* part of the segment left unmapped */
        }
        /* Everything inside the span the loader reserved. */
        uint64_t end = p.anon_len ? p.anon_start + p.anon_len : p.map_start + p.map_len;
        if (p.map_start < span_lo || end > span_hi)
            abort();
    }
    return 0;
}
