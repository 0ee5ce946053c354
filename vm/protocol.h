/* The conversation between x32-vm (host) and the agent (/init in the guest) over one
 * virtio-serial port.  Both ends are x86-64 programs built from this tree, so frames
 * are plain little-endian fields written by wire.c; there is no versioning because
 * the agent and x32-vm are always installed together.
 *
 * A frame is an 8-byte header {u32 type, u32 length} and `length` payload bytes.
 *
 *   guest -> host  HELLO      once per connection, after MAGIC; the agent is idle
 *   host -> guest  RUN        a program to run (see encode_run_request in x32-vm)
 *   host -> guest  STDIN      bytes for the program's stdin
 *   host -> guest  STDIN_EOF  the host's stdin ended
 *   guest -> host  STDIN_ACK  u32: that many stdin bytes reached the program's pipe
 *   host -> guest  SIGNAL     u32: deliver this signal to the program
 *   host -> guest  CLOSED     u32 fd (1 or 2): the host's end is gone, close ours
 *   guest -> host  STDOUT, STDERR  the program's output
 *   guest -> host  EXIT       u32 how (EXIT_*), u32 value, u32 core dumped
 *   host -> guest  POWEROFF   shut the VM down now
 */
#ifndef X32VM_PROTOCOL_H
#define X32VM_PROTOCOL_H

#include <stdint.h>

/* Written by the agent before HELLO: the host skips bytes until it sees this, so a
 * half-read frame left over from a dead client can never be misparsed as a header. */
#define X32VM_MAGIC "\nX32VM-AGENT-READY\n"

/* The name QEMU gives the port (virtserialport name=...), found by the agent in sysfs. */
#define X32VM_PORT_NAME "x32vm.agent"

enum frame_type {
    FRAME_HELLO = 1,
    FRAME_RUN,
    FRAME_STDIN,
    FRAME_STDIN_EOF,
    FRAME_STDIN_ACK,
    FRAME_SIGNAL,
    FRAME_CLOSED,
    FRAME_STDOUT,
    FRAME_STDERR,
    FRAME_EXIT,
    FRAME_POWEROFF,
};

/* How the program ended, in an EXIT frame. */
enum exit_how {
    EXIT_CODE = 0,      /* value = exit status */
    EXIT_SIGNAL = 1,    /* value = signal number */
    EXIT_EXEC_FAILED = 2, /* value = errno of the failed execve or setup step */
};

/* Flags in a RUN request. */
#define RUN_MERGE_STDERR 1u /* the host's stdout and stderr are one file: share a pipe */
#define RUN_STDIN_NULL 2u   /* the host's stdin is /dev/null: give the program /dev/null */

/* Output frames carry at most this much; a RUN request may be far larger (argv+env). */
#define FRAME_DATA_MAX 65536u
#define FRAME_MAX (8u << 20)

/* Stdin bytes the host may have in flight before the agent acknowledges them, so a
 * program that never reads stdin cannot make the agent buffer without bound. */
#define STDIN_WINDOW (256u * 1024u)

/* The resource limits copied from the caller into the program, in a RUN request. */
#define RUN_RLIMITS_LIST RLIMIT_CORE, RLIMIT_STACK, RLIMIT_NOFILE, RLIMIT_AS, RLIMIT_DATA, \
                         RLIMIT_FSIZE, RLIMIT_CPU, RLIMIT_MEMLOCK, RLIMIT_MSGQUEUE

#endif
