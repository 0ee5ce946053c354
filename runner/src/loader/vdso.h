/* Mapping the x32 vDSO shim for AT_SYSINFO_EHDR (loader/vdso.c). */
#ifndef X32RUN_VDSO_H
#define X32RUN_VDSO_H
#include <stdint.h>
/* Maps the ELF32 vDSO shim below 4 GiB, wired to the host's 64-bit vDSO at
 * host_vdso (the runner's own AT_SYSINFO_EHDR, which the caller reads: getauxval
 * is libc).  Returns its address for AT_SYSINFO_EHDR, or 0 if there is no host
 * vDSO (host_vdso 0). */
uint64_t map_vdso_shim(uint64_t host_vdso);
/* The shim's `syscall` for the rewrite fast path's slow exit; 0 without a shim. */
extern uint64_t vdso_redeliver_address;
#endif
