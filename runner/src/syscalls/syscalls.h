/* syscalls/'s public header: the x32 system call emulator.  The floors below
 * reach it only through core's trap_hooks.emulate, which syscalls_install
 * fills; front/ also sets up its path redirection and the exec of other
 * programs (paths.h, execve.h, uname_release.h). */
#ifndef X32RUN_SYSCALLS_H
#define X32RUN_SYSCALLS_H

#include "core/core.h"
#include "syscalls/paths.h"
#include "syscalls/execve.h"
#include "syscalls/uname_release.h"

/* Emulates one guest call (trap_hooks.emulate): the guest's result, or
 * KEEP_RAX when the context was set up already. */
long emulate_syscall(struct thread_state *t, ucontext_t *uc, uint64_t nr);
/* Forwards a call unchanged (interruptibly). */
long forward(struct thread_state *t, long nr, const greg_t *g);

/* front/, at start-up: puts emulate_syscall into core's trap_hooks. */
void syscalls_install(void);

#endif
