/* The interrupted thread's place (interrupted.h): the runner image's bounds come
 * from the linker, safe_syscall's from core/trap_entry.S's labels, and the guest
 * context of a call from the fast path's hook or the SIGSYS trap. */
#include "core/interrupted.h"
#include "fastpath/fastpath.h"

extern char __executable_start[], __etext[];
extern char safe_syscall_start[], safe_syscall_end[];

int in_runner_text(uint64_t pc)
{
    return pc >= (uint64_t)__executable_start && pc < (uint64_t)__etext;
}

int in_safe_syscall(uint64_t pc)
{
    return pc > (uint64_t)safe_syscall_start && pc < (uint64_t)safe_syscall_end;
}

void rewind_safe_syscall(ucontext_t *uc)
{
    uc->uc_mcontext.gregs[REG_RIP] = (greg_t)safe_syscall_start;
}

ucontext_t *guest_context_in_call(struct thread_state *t, const ucontext_t *uc)
{
    ucontext_t *hook = fastpath_stop_context(t, uc);
    if (hook)
        return hook;
    if (t && t->in_sigsys && t->guest_uc)
        return t->guest_uc;
    return 0;
}
