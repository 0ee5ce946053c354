/* libFuzzer harness for the ELF32 header parser (src/loader/elf_parse.c), the part
 * of the loader that reads untrusted bytes.  Build and run: make -C runner fuzz
 * (needs clang).  Checks the parser's promises on every accepted input. */
#include "loader/elf_parse.h"
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    struct elf32_image img;
    const char *why = 0;
    (void)elf_classify(data, size);
    if (elf32_parse(data, size, size, &img, &why) != 0) {
        if (!why)
            abort();
        return 0;
    }
    /* Accepted: everything must lie inside the x32 address space and file. */
    if (img.nseg == 0 || img.nseg > ELF32_MAX_LOADS || img.hi > X32_TASK_SIZE ||
        img.lo > img.hi)
        abort();
    for (unsigned i = 0; i < img.nseg; i++) {
        const struct elf32_segment *s = &img.seg[i];
        if (s->filesz > s->memsz || s->offset + s->filesz > size ||
            s->vaddr + s->memsz > X32_TASK_SIZE)
            abort();
        if (i && s->vaddr < img.seg[i - 1].vaddr + img.seg[i - 1].memsz)
            abort();
    }
    if (img.has_interp && img.interp_offset + img.interp_size > size)
        abort();
    return 0;
}
