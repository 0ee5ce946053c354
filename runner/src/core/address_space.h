/* Keeping the guest's address space inside the low 4 GiB. */
#ifndef X32RUN_ADDRESS_SPACE_H
#define X32RUN_ADDRESS_SPACE_H

#include <stddef.h>
#include <stdint.h>

/* Reserve the runner arena, steal every free range above 4 GiB and reserve
 * [0xFFFFE000, 4 GiB) so the kernel can only hand out low addresses. */
void address_space_init(void);
/* Base of the robust-list shadow (shadow node of guest address A is at
 * base + A), or 0 if it could not be reserved. */
uint64_t robust_shadow_base(void);
/* Memory for the runner itself, carved from its high arena. */
void *runner_alloc(size_t size, size_t align);

void address_space_after_fork(void);

/* Guest-facing policy for the memory system calls. */
long guest_mmap(uint64_t addr, uint64_t len, uint64_t prot, uint64_t flags,
                uint64_t fd, uint64_t off);
long guest_mremap(uint64_t old, uint64_t oldsz, uint64_t newsz, uint64_t flags,
                  uint64_t newaddr);
int guest_range_ok(uint64_t addr, uint64_t len);
long guest_brk(uint64_t req);
void guest_brk_init(uint64_t start);
struct rlimit;
long guest_prlimit_as(const struct rlimit *new_limit, struct rlimit *old_limit);
/* The virtual RLIMIT_AS lives in memory a vfork child shares: the parent saves
 * it before the child runs and puts it back after (a kernel's are per process). */
void guest_as_limit_save(struct rlimit *out);
void guest_as_limit_restore(const struct rlimit *saved);
/* The guest's virtual size: bytes mapped below the x32 TASK_SIZE. */
uint64_t guest_mapped_bytes(void);
/* Re-cover [addr, addr+len) above 4 GiB with an inaccessible placeholder. */
void refill_high(uint64_t addr, uint64_t len);

#endif
