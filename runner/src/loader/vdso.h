#ifndef X32RUN_VDSO_H
#define X32RUN_VDSO_H
#include <stdint.h>
/* Maps the ELF32 vDSO shim below 4 GiB, wired to the host's 64-bit vDSO.
 * Returns its address for AT_SYSINFO_EHDR, or 0 if there is no host vDSO. */
uint64_t map_vdso_shim(void);
#endif
