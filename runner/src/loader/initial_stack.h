/* The guest's main stack and its initial contents (loader/initial_stack.c). */
#ifndef X32RUN_INITIAL_STACK_H
#define X32RUN_INITIAL_STACK_H

#include <stdint.h>

struct auxv_info {
    uint64_t phdr, phnum, entry, interp_base, vdso_base;
    const char *execfn;
};

/* Remembers the runner's own auxv (found after envp) so the guest gets the
 * kernel's real values: glibc's getauxval(AT_HWCAP) is rewritten on x86. */
void host_auxv_init(char **envp);
uint64_t host_auxval(uint64_t type);
/* mprotect with PROT_GROWSDOWN on the main stack (ld.so making it
 * executable): the stack is a plain mapping here, so apply the protection
 * from its lowest address instead.  Returns 1 when handled. */
void make_guest_stack_executable(void);
int guest_stack_mprotect(uint64_t addr, uint64_t len, uint64_t prot, long *result);
/* Maps the guest's main stack at the top of the 4 GiB space, first, so that
 * it sits where a kernel would put it (above the mmap area). */
void map_guest_stack(void);
/* The guard below the main stack: a fault there is a stack overflow, which a kernel
 * reports as SEGV_MAPERR (nothing is mapped in its guard gap); /proc/self/maps does
 * not show it either. */
int in_stack_guard(uint64_t addr);
int is_stack_guard_range(uint64_t start, uint64_t end);
/* Maps the guest's main stack below 4 GiB and lays out what an x32 kernel
 * puts there: u32 argc, u32 argv/envp pointers, Elf32_auxv_t pairs, strings
 * and AT_RANDOM bytes.  Returns the initial %rsp (16-byte aligned). */
uint64_t build_initial_stack(int argc, char **argv, char **envp,
                             const struct auxv_info *ai);

#endif
