#ifndef X32RUN_INITIAL_STACK_H
#define X32RUN_INITIAL_STACK_H

#include <stdint.h>

struct auxv_info {
    uint64_t phdr, phnum, entry, interp_base, vdso_base;
    const char *execfn;
};

/* Maps the guest's main stack below 4 GiB and lays out what an x32 kernel
 * puts there: u32 argc, u32 argv/envp pointers, Elf32_auxv_t pairs, strings
 * and AT_RANDOM bytes.  Returns the initial %rsp (16-byte aligned). */
uint64_t build_initial_stack(int argc, char **argv, char **envp,
                             const struct auxv_info *ai);

#endif
