/* loader/'s public header: the x32 program into memory below 4 GiB.  The ELF32
 * parser (pure: the fuzz harnesses and the preload library use it too), the
 * segment mapping, the x32 stack with its auxv and guard, the host's auxv, and
 * the vDSO shim. */
#ifndef X32RUN_LOADER_H
#define X32RUN_LOADER_H

#include "loader/elf_parse.h"
#include "loader/elf_load.h"
#include "loader/initial_stack.h"
#include "loader/vdso.h"

#endif
