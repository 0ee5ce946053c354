/* gdb_multi.c's connection to the program being debugged, shared with
 * gdb_multi_attach.c (the attach half of the extended-remote server). */
#ifndef X32RUN_GDB_MULTI_H
#define X32RUN_GDB_MULTI_H

#include <stddef.h>
#include <sys/types.h>

extern int peer;          /* the program's stub, or -1 */
extern pid_t peer_pid;    /* the program's process */
extern int peer_is_child; /* started by vRun: reaped by peer_close */

/* Turns acknowledgements off and asks '?': the stop reply into stop; 0 or -1. */
int peer_handshake(char *stop, size_t cap);
void peer_close(void);
/* vAttach: the stop reply (in reply) or an error packet's text. */
const char *gdb_multi_attach(pid_t pid, char *reply, size_t cap);

#endif
