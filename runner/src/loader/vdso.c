/* The x32 vDSO: the ELF32 shim (vdso_shim.S, embedded by vdso_blob.S) copied
 * below 4 GiB and its jump slots filled with the host 64-bit vDSO's entries. */
#include "loader/vdso.h"
#include "core/core.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include "vdso_offsets.h" /* generated: VDSO_SLOTS_OFFSET, VDSO_REDELIVER_OFFSET */
#include <elf.h>
#include <sys/mman.h>
#include <sys/syscall.h>

extern const unsigned char vdso_shim_image[], vdso_shim_image_end[];

/* Same order as x32run_vdso_slots in vdso_shim.S. */
static const char *const slot_names[] = {
    "__vdso_clock_gettime", "__vdso_gettimeofday", "__vdso_time",
    "__vdso_getcpu", "__vdso_clock_getres",
};
#define NSLOTS (sizeof slot_names / sizeof slot_names[0])

/* Looks the shim's targets up in the host vDSO's dynamic symbol table.  The
 * vDSO is never relocated, so table addresses are link-time values plus the
 * load bias; the symbol count comes from DT_HASH's nchain. */
static void find_host_vdso_symbols(uint64_t host_vdso, uint64_t slots[NSLOTS])
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)host_vdso;
    if (!eh)
        return;
    const Elf64_Phdr *ph = (const Elf64_Phdr *)((const char *)eh + eh->e_phoff);
    uint64_t bias = 0;
    const Elf64_Dyn *dyn = 0;
    int have_load = 0;
    for (int i = 0; i < eh->e_phnum; i++) {
        if (ph[i].p_type == PT_LOAD && !have_load) {
            bias = (uint64_t)eh - ph[i].p_vaddr;
            have_load = 1;
        }
    }
    for (int i = 0; i < eh->e_phnum; i++)
        if (ph[i].p_type == PT_DYNAMIC)
            dyn = (const Elf64_Dyn *)(bias + ph[i].p_vaddr);
    if (!dyn)
        return;
    const Elf64_Sym *sym = 0;
    const char *str = 0;
    const uint32_t *hash = 0;
    for (; dyn->d_tag != DT_NULL; dyn++) {
        if (dyn->d_tag == DT_SYMTAB)
            sym = (const Elf64_Sym *)(bias + dyn->d_un.d_ptr);
        else if (dyn->d_tag == DT_STRTAB)
            str = (const char *)(bias + dyn->d_un.d_ptr);
        else if (dyn->d_tag == DT_HASH)
            hash = (const uint32_t *)(bias + dyn->d_un.d_ptr);
    }
    if (!sym || !str || !hash)
        return;
    uint32_t nsyms = hash[1];
    for (uint32_t i = 0; i < nsyms; i++) {
        if (sym[i].st_shndx == SHN_UNDEF || ELF64_ST_TYPE(sym[i].st_info) != STT_FUNC)
            continue;
        for (unsigned k = 0; k < NSLOTS; k++)
            if (str_eq(str + sym[i].st_name, slot_names[k]))
                slots[k] = bias + sym[i].st_value;
    }
}

uint64_t vdso_redeliver_address;

uint64_t map_vdso_shim(uint64_t host_vdso)
{
    if (!host_vdso)
        return 0;
    uint64_t size = (uint64_t)(vdso_shim_image_end - vdso_shim_image);
    uint64_t map_size = (size + 4095) & ~4095ULL;
    long base = guest_mmap(0, map_size, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw_failed(base))
        return 0;
    mem_copy((void *)base, vdso_shim_image, size);
    uint64_t slots[NSLOTS] = {0};
    find_host_vdso_symbols(host_vdso, slots);
    mem_copy((char *)base + VDSO_SLOTS_OFFSET, slots, sizeof slots);
    /* Without it the shim would stay writable and not executable: no vDSO
     * at all (glibc then makes real system calls) is the safe answer. */
    if (raw_failed(raw_syscall3(SYS_mprotect, base, map_size, PROT_READ | PROT_EXEC))) {
        raw_syscall2(SYS_munmap, base, map_size);
        return 0;
    }
    vdso_redeliver_address = (uint64_t)base + VDSO_REDELIVER_OFFSET;
    return (uint64_t)base;
}
