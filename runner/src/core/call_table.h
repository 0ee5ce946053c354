/* The x32 system calls as one table: a row per call number, with its handler
 * and the facts the rest of the runner asks about it, as gVisor keeps its
 * syscall table.  The rows live in syscalls/call_table.c (their handlers in
 * syscalls/'s family files: memory, files, process, signals, network, ...);
 * the type lives here, one floor down, because the floors between read the
 * facts: the fast path (which calls may be rewritten, which carry buffers behind
 * a vector, which change mappings), procfs (which calls read a descriptor or touch
 * them all) and the trace.  syscalls_install points call_table at the rows
 * before the guest runs.  runner/README.md's support table is printed from it
 * (`make -C runner support-table`). */
#ifndef X32RUN_CALL_TABLE_H
#define X32RUN_CALL_TABLE_H

#include "core/thread_state.h"
#include "base/x32_syscalls.h"

/* facts */
#define CALL_PATH_REDIRECTED 0x001 /* path_arg gets the sysroot, -L and /proc/self/exe redirection */
#define CALL_TEMP_MASK       0x002 /* runs with a temporary signal mask (rt_sigsuspend, ppoll...) */
#define CALL_MAY_NOT_RETURN  0x004 /* exit, exit_group, execve(at): the trace shows it before it runs */
#define CALL_KEEP_TRAPPED    0x008 /* never rewritten: it reads or rewrites the signal frame, the
                                    * mask, the stack or %gs, which the fast path's hook has not */
#define CALL_VECTOR_BUFFERS  0x010 /* some of its buffers are behind a vector (iovec, msghdr) */
#define CALL_MEMORY          0x020 /* changes mappings: rewritten sites in its range go back first */
#define CALL_ALL_FDS         0x040 /* works on every descriptor at once (fork, clone, exec,
                                    * close_range): /proc files still waiting are written first */
#define CALL_NATIVE_ONLY     0x080 /* an x86-64-only number: x32 has no such call (ENOSYS) */

struct refusal;

struct call_row {
    /* 0: forwarded unchanged (with its path redirected when CALL_PATH_REDIRECTED) */
    long (*handler)(struct thread_state *t, ucontext_t *uc, unsigned long nr, const greg_t *g);
    unsigned short facts;
    unsigned char path_arg;        /* the argument (1-6) holding a path, 0 none */
    unsigned char fd_arg;          /* the argument (1-6) naming a descriptor it reads, 0 none */
    const struct refusal *refused; /* refused (always, or for one value of argument 1), or 0 */
    const char *how;               /* what x32-run does, for the support table; 0: forwarded */
};

#define CALL_TABLE_SIZE (X32_NR_LAST_SPECIFIC + 1)
extern const struct call_row *call_table;

/* The row of x32 call nr (without X32_SYSCALL_BIT), or 0 beyond the table. */
static inline const struct call_row *call_row(unsigned long nr)
{
    return nr < CALL_TABLE_SIZE && call_table ? &call_table[nr] : 0;
}

static inline int call_has(unsigned long nr, unsigned facts)
{
    const struct call_row *r = call_row(nr);
    return r && (r->facts & facts);
}

/* What the guest gets for a refused call, and why (what X32_RUN_DEBUG=1 prints). */
struct refusal {
    int by_option;     /* refused only when the first argument is `option` */
    unsigned long option;
    const char *option_name;
    int err;           /* the errno the guest gets */
    const char *why;
    const struct refusal *next; /* another option refused for the same call */
};

#endif
