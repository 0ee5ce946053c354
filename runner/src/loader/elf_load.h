/* Mapping a validated x32 ELF image (program or interpreter) below 4 GiB. */
#ifndef X32RUN_ELF_LOAD_H
#define X32RUN_ELF_LOAD_H

#include "loader/elf_parse.h"
#include <stdint.h>

struct loaded_elf {
    uint64_t bias;   /* load address minus link address */
    uint64_t entry;  /* with bias applied */
    uint64_t phdr;   /* in-memory address of the program headers, or 0 */
    unsigned phnum;
    uint64_t end;    /* end of the highest segment (start of brk) */
    /* As the kernel's ELF loader sets mm->start_code...end_data: the lowest
     * start and highest file end of the executable segments, the highest
     * segment start and the highest file end of all of them. */
    uint64_t start_code, end_code, start_data, end_data;
    int exec_stack;
    char interp[4096]; /* PT_INTERP string, "" if none */
};

/* Header bytes of a file opened for exec: enough for the ELF32 header and
 * its program headers in every sane file. */
#define EXEC_HEADER_MAX 8192

/* Reads the first bytes of `fd`. Returns the number read, or -errno. */
long read_exec_header(int fd, unsigned char *buf, size_t cap, uint64_t *file_size);

/* Maps the x32 image open on `fd`.  On failure prints "x32-run: <path>: <why>"
 * and exits with status 126. */
void load_elf32(int fd, const char *path, uint64_t pie_base, struct loaded_elf *out);
/* Where a PIE main program goes: ELF_ET_DYN_BASE for 32-bit tasks
 * (0x400000) plus up to 1 MiB of randomisation, like mmap_rnd_compat_bits=8. */
uint64_t pie_load_base(void);

#endif
