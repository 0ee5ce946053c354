/* Pure ELF32 (x32) header parsing and validation.  No system calls, no
 * globals: it only reads the bytes it is given, so the fuzz harness in
 * runner/fuzz/ can drive it directly. */
#ifndef X32RUN_ELF_PARSE_H
#define X32RUN_ELF_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "base/x32_abi.h" /* X32_TASK_SIZE: nothing may end above it */
#define ELF32_MAX_LOADS 16
#define ELF32_MAX_PHNUM 128

enum elf_kind {
    ELF_KIND_NOT_ELF,
    ELF_KIND_SCRIPT,   /* starts with "#!" */
    ELF_KIND_X32,      /* ELFCLASS32 + EM_X86_64 */
    ELF_KIND_X86_64,   /* ELFCLASS64 + EM_X86_64 */
    ELF_KIND_I386,     /* ELFCLASS32 + EM_386 */
    ELF_KIND_OTHER_ELF,
};

struct elf32_segment {
    uint64_t vaddr, memsz, offset, filesz;
    int prot; /* PROT_* bits */
};

struct elf32_image {
    int is_pie; /* ET_DYN: loaded at a chosen bias */
    uint64_t entry;
    uint64_t phoff;
    unsigned phnum;
    struct elf32_segment seg[ELF32_MAX_LOADS];
    unsigned nseg;
    uint64_t lo, hi;      /* page-aligned span of the PT_LOADs */
    uint64_t phdr_vaddr;  /* where the phdrs are in memory, 0 if not loaded */
    int exec_stack;       /* PT_GNU_STACK asks for PF_X */
    int has_interp;
    uint64_t interp_offset, interp_size;
};

enum elf_kind elf_classify(const unsigned char *buf, size_t len);

/* Validates the ELF32 header and program headers in buf[0..len) (which must
 * contain the whole phdr table) against a file of file_size bytes.  Returns 0,
 * or -1 with *why set to a short description of the first problem. */
int elf32_parse(const unsigned char *buf, size_t len, uint64_t file_size,
                struct elf32_image *img, const char **why);

/* What mapping one PT_LOAD at `bias` takes (elf_load.c carries it out; the
 * fuzz harness checks it): the file pages [map_start, +map_len) from file
 * offset map_offset (none when map_len is 0), the bss part of the last file
 * page [zero_start, +zero_len) to clear, and anonymous bss pages
 * [anon_start, +anon_len). */
struct segment_plan {
    uint64_t map_start, map_len, map_offset;
    uint64_t zero_start, zero_len;
    uint64_t anon_start, anon_len;
    int prot;
};
void elf32_plan_segment(const struct elf32_segment *s, uint64_t bias, struct segment_plan *p);

/* Splits the "#!interp [arg]" line of a script header in place; 0, or -1 when
 * there is no interpreter or the line does not fit (see elf_parse.c). */
int parse_shebang(char *hdr, long len, char **interp, char **arg);

/* A script whose "#!" interpreter is an x32 program needs x32-run: the one rule
 * for x32-run SCRIPT (front/main.c), a guest's execve of a script
 * (syscalls/execve.c) and --tree's test (tree/x32_target.c).  hdr and len are as
 * for parse_shebang.  read_header reads the first bytes of the interpreter
 * into buf and returns how many (negative on failure): each caller finds it
 * its own way (the runner looks it up in the sysroot or -L root first) and with
 * its own system calls, since this file makes none.  Returns 1, with *interp
 * and *arg set as parse_shebang sets them, when the interpreter is x32. */
int script_has_x32_interp(char *hdr, long len, char **interp, char **arg,
                          long (*read_header)(void *ctx, const char *interp,
                                              unsigned char *buf, size_t cap),
                          void *ctx);

#endif
