/* gdb/'s public header: the gdb remote stub inside x32-run (stub/), the
 * multi-process server of `x32-gdb --attach` (server/) and the opening of gdb's
 * connection (connect.c).  The floors below reach the stub only through core's
 * debugger_hooks, which gdb_install fills. */
#ifndef X32RUN_GDB_PUBLIC_H
#define X32RUN_GDB_PUBLIC_H

#include <stdint.h>

/* front/, at start-up, always: a process not started under gdb can still be
 * attached to later (gdb's `attach`, through x32-run -g's server). */
void gdb_install(void);
/* x32-run -g WHERE: opens gdb's connection ("PORT", "HOST:PORT", "-" or
 * "stdio"); 0, or it said why in one line. */
int gdb_conn_open(const char *where);
/* Then: the program stops at entry, its first instruction, for gdb. */
void gdb_stub_start(uint64_t entry, const char *exe);
/* x32-run -g WHERE with no program: the multi-process server; the exit status. */
int gdb_multi_main(const char *where);

#endif
