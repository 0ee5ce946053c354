/* Opening gdb's connection (gdb/connect.c): start-up code with libc, shared by
 * the stub (front/start_guest.c) and the extended-remote server. */
#ifndef X32RUN_GDB_CONNECT_H
#define X32RUN_GDB_CONNECT_H

/* where: "PORT", "HOST:PORT", "-" or "stdio" (stdin/stdout; the program then gets
 * /dev/null as stdin and stderr as stdout), "fd:N".  0, or one line on stderr and
 * -1. */
int gdb_conn_open(const char *where);

#endif
