/* The process family's handlers (rows in call_table.c): tasks are made and
 * ended by core/threads.c (each new one re-arms the trap), programs are exec'd by
 * execve.c, the %gs base may be the fast path's, and uname's release can be set
 * with -r as under QEMU user mode. */
#include "syscalls/emulation.h"
#include "fastpath/fastpath.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>

#define ARCH_SET_FS 0x1002

long call_arch_prctl(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)uc;
    long r;
    if (fastpath_enabled && fastpath_arch_prctl(t, ARG1(g), ARG2(g), &r))
        return r;
    r = forward(t, (long)nr, g);
    if (r == 0 && ARG1(g) == ARCH_SET_FS)
        fastpath_fs_list(t, ARG2(g)); /* the %fs-anchored entry's table */
    return r;
}

/* clone, fork, vfork, clone3 */
long call_clone(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    switch (nr) {
    case SYS_clone: /* x86-64 order: flags, newsp, parent_tid, child_tid, tls */
        return emulate_clone(t, uc, ARG1(g), ARG2(g), ARG3(g), ARG4(g), ARG5(g));
    case SYS_fork:
        return emulate_clone(t, uc, SIGCHLD, 0, 0, 0, 0);
    case SYS_vfork:
        return emulate_clone(t, uc, 0x4000 /*CLONE_VFORK*/ | 0x100 /*CLONE_VM*/ | SIGCHLD,
                             0, 0, 0, 0);
    default:
        return emulate_clone3(t, uc, ARG1(g), ARG2(g));
    }
}

long call_exit(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)uc, (void)nr;
    emulate_thread_exit(t, (long)ARG1(g));
}

long call_exit_group(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)uc;
    walk_all_robust_lists(t->tgid);
    if (debugger_hooks.report_exit)
        debugger_hooks.report_exit((int)ARG1(g)); /* gdb hears the W packet */
    return forward(t, (long)nr, g);
}

long call_execve(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    if (nr == X32_NR_execve)
        return emulate_execve(t, uc, AT_FDCWD, ARG1(g), ARG2(g), ARG3(g), 0);
    return emulate_execve(t, uc, (long)(int)ARG1(g), ARG2(g), ARG3(g), ARG4(g), (long)ARG5(g));
}

long call_robust_list(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)uc;
    if (nr == X32_NR_set_robust_list)
        return sys_set_robust_list(t, ARG1(g), ARG2(g));
    return sys_get_robust_list(t, (long)ARG1(g), ARG2(g), ARG3(g));
}

/* -r RELEASE, as QEMU user mode's */
long call_uname(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g)
{
    (void)uc;
    long r = forward(t, (long)nr, g);
    if (r == 0)
        uname_release_apply((char *)ARG1(g));
    return r;
}
