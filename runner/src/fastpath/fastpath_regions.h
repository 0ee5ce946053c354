/* The rewrite fast path's stub regions (fastpath_regions.c), as the patching
 * side (fastpath_patch.c) uses them. */
#ifndef X32RUN_FASTPATH_REGIONS_H
#define X32RUN_FASTPATH_REGIONS_H

#include <stdint.h>

#define REGION_SIZE (64 * 1024)

/* A new stub within jump range of `site` (the `syscall`) that runs `code`
 * (len bytes: the instruction the jump replaces, and any between it and the
 * `syscall`) and enters the hook; 0 when no region can hold one. */
uint64_t stub_new(uint64_t site, const unsigned char *code, int len);
/* The program unmapped or moved memory: a region that found no room may now. */
void stub_room_freed(void);
/* Whether a region below 4 GiB exists, which a guest mapping call may hit. */
int stub_low_regions(void);
/* The start of a region below 4 GiB overlapping [addr, end), or 0. */
uint64_t stub_region_in_way(uint64_t addr, uint64_t end);
/* 1 when the region at base holds the slow exit's `syscall` (no vDSO). */
int stub_region_keeps_redeliver(uint64_t base);
/* Unmaps the region at base (its sites were given their bytes back). */
void stub_region_drop(uint64_t base);

#endif
