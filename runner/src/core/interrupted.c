/* The interrupted thread's place (interrupted.h): the runner image's bounds come
 * from the linker, safe_syscall's from core/trap_entry.S's labels, and the guest
 * context of a call from the fast path's hook or the SIGSYS trap. */
#include "core/interrupted.h"
#include "core/hooks.h"

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

extern char sigsys_restorer[], sigsys_restorer_end[];

enum interrupted_place interrupted_at(const struct thread_state *t, const ucontext_t *uc)
{
    uint64_t pc = (uint64_t)uc->uc_mcontext.gregs[REG_RIP];
    if (!in_runner_text(pc))
        return fastpath_hooks.in_stub_region && fastpath_hooks.in_stub_region(pc) ? AT_STUB
                                                                                    : AT_GUEST;
    if ((pc >= (uint64_t)sigsys_restorer && pc < (uint64_t)sigsys_restorer_end) ||
        (t->guest_uc && t->in_sigsys && !t->in_syscall))
        return AT_SIGRETURN_TAIL;
    if (in_safe_syscall(pc))
        return AT_SAFE_SYSCALL;
    if (t->fast.in_hook)
        return AT_HOOK;
    return AT_RUNNER;
}

ucontext_t *guest_context_in_call(struct thread_state *t, const ucontext_t *uc)
{
    ucontext_t *hook = fastpath_hooks.stop_context ? fastpath_hooks.stop_context(t, uc) : 0;
    if (hook)
        return hook;
    if (t && t->in_sigsys && t->guest_uc)
        return t->guest_uc;
    return 0;
}
