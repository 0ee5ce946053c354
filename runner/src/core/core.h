/* core/'s public header: what the floors above may use of it.  core/ is the
 * runner's machine room: the thread blocks, the low-4-GiB address space, the
 * SIGSYS trap with its fault recovery, threads and forks, and the hook tables
 * through which it reaches the floors above it (hooks.h, fork.h). */
#ifndef X32RUN_CORE_H
#define X32RUN_CORE_H

#include "core/layout.h" /* the one part assembly (fastpath_entry.S) reads */
#ifndef __ASSEMBLER__
#include "core/thread_state.h"
#include "core/trap.h"
#include "core/hooks.h"
#include "core/fork.h"
#include "core/threads.h"
#include "core/address_space.h"
#include "core/interrupted.h"
#include "core/guest_mm.h"
#include "core/call_table.h"
#endif

#endif
