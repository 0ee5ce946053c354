/* x32-run's GDB remote-serial-protocol stub (x32-run -g PORT | -g -).
 *
 * The guest runs natively in this process, so there is no ptrace: a
 * breakpoint (int3) or a single step (the trap flag) raises SIGTRAP in the
 * guest thread, and the runner's own SIGTRAP handler talks to gdb over the
 * connection, reading and editing the interrupted ucontext, then returns into
 * the guest.  Other guest threads are parked in a handler of GDB_STOP_SIGNAL
 * (all-stop) and released on resume.  Everything here runs on a runner
 * altstack with the guest's %fs: raw system calls only, no errno, no stdio.
 *
 *   gdb_packets.c  the connection: framing, checksums, acks, hex
 *   gdb_regs.c     ucontext <-> gdb's amd64 register layout, the x32 target description
 *   gdb_memory.c   guest memory reads/writes that never fault (and never above 4 GiB)
 *   gdb_threads.c  the all-stop machinery: parking and releasing threads, the thread list
 *   gdb_breakpoints.c  int3 breakpoints
 *   gdb_commands.c the command loop: what gdb asks while a thread is stopped
 *   gdb_stub.c     start-up, the SIGTRAP handler, the stub's lock, stop and exit replies */
#ifndef X32RUN_GDB_H
#define X32RUN_GDB_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <ucontext.h>

/* Used by the stub to stop the other threads (sent with rt_tgsigqueueinfo,
 * SI_QUEUE and a marker value, so a real SIGSTKFLT still reaches the guest). */
#define GDB_STOP_SIGNAL SIGSTKFLT
#define GDB_STOP_MARK 0x67646273 /* "gdbs" */
/* gdb's `attach PID`: gdb_multi.c sends the program SIGSYS with SI_QUEUE and
 * (GDB_ATTACH_MARK << 32 | its own pid); see gdb_attach.c. */
#define GDB_ATTACH_MARK 0x67646261 /* "gdba" */
/* The abstract socket name gdb_multi.c listens on for that, with its pid. */
#define GDB_ATTACH_SOCKET "x32-run-gdb-attach.%d"

/* What the stub offers in qSupported (gdb_multi.c adds the extended-remote ones). */
#define GDB_STUB_FEATURES                                                                  \
    "PacketSize=3fff;qXfer:features:read+;qXfer:auxv:read+;qXfer:exec-file:read+;"       \
    "vContSupported+;QStartNoAckMode+"

/* Non-zero once a gdb is attached (x32-run -g or X32_RUN_GDB). */
extern int gdb_active;

/* start_guest.c: before the first guest instruction, once gdb_conn_open
 * (gdb/connect.h) has connected to gdb.  Arms a stop at `entry`. */
void gdb_stub_start(uint64_t entry, const char *exe);
/* signal_host.c: a signal met in guest code.  Reports it to gdb and returns
 * the signal gdb wants delivered (0: suppressed). */
int gdb_signal_stop(int sig, const siginfo_t *si, ucontext_t *uc);
/* syscalls.c: exit_group(status): the W reply. */
void gdb_report_exit(int status);
/* signal_calls.c: the signals whose host action the stub owns. */
int gdb_owns_signal(int sig);
/* threads.c: a forked child runs free (gdb follows the parent). */
void gdb_forked_child(ucontext_t *uc);
/* trap.c, first thing for a SIGSYS: 1 when it was gdb_multi.c asking to
 * attach (served or declined here), 0 for any other SIGSYS. */
int gdb_attach_request(const siginfo_t *si, ucontext_t *uc);
/* gdb_stub.c: gdb attached on connection fd while the program ran; uc is the
 * guest context to stop in, handler_uc the signal handler's own. */
void gdb_stub_attach(int fd, ucontext_t *uc, ucontext_t *handler_uc);
/* Non-zero while the gdb connected is an `attach` (hang-up detaches). */
extern int gdb_attached;
/* SIGTRAP's and GDB_STOP_SIGNAL's host actions back to the guest's. */
void gdb_restore_signal_actions(void);
/* cli.c: x32-run -g WHERE without a program: the extended-remote server. */
int gdb_multi_main(const char *where);

/* gdb_packets.c (the connection is opened by gdb/connect.c) */
int gdb_get_packet(char *buf, size_t cap);     /* length, -1 when gdb is gone */
void gdb_put_packet(const char *data, size_t n);
void gdb_put_str(const char *s);
void gdb_conn_no_ack(void); /* after answering QStartNoAckMode */
/* Decodes the binary escapes of an X packet in place; returns the new length. */
size_t gdb_unescape(char *data, size_t n);
/* The descriptors the connection reads and writes (set by gdb_conn_open). */
void gdb_conn_use_fds(int in_fd, int out_fd);
void gdb_conn_close(void);
int gdb_conn_buffered(void); /* bytes read from gdb but not yet parsed */
int gdb_conn_in_fd(void);
/* Between packets: skips acknowledgements without blocking once something
 * was read; 1 when one of them was ^C (gdb's interrupt), -1 when gdb is gone. */
int gdb_conn_skip_to_packet(void);

/* gdb_regs.c */
/* Registers: 24 core + 8 st + 8 x87 control + 16 xmm + mxcsr + orig_rax, then
 * ymm0h..ymm15h when the CPU has AVX (gdb_target_xml says which). */
size_t gdb_regs_to_hex(char *out, const ucontext_t *uc);
int gdb_regs_from_hex(ucontext_t *uc, const char *hex);
int gdb_reg_to_hex(char *out, const ucontext_t *uc, int regno);
int gdb_reg_from_hex(ucontext_t *uc, int regno, const char *hex);
const char *gdb_target_xml(size_t *len);

/* gdb_memory.c */
int gdb_mem_read(uint64_t addr, void *buf, size_t n);        /* 0 or -1 */
int gdb_mem_write(uint64_t addr, const void *buf, size_t n); /* 0 or -1; text too */

/* gdb_breakpoints.c: int3 breakpoints; internal ones are the stub's own. */
int gdb_bp_insert(uint64_t addr, int internal);
int gdb_bp_remove(uint64_t addr);
void gdb_bp_remove_all(void);
int gdb_bp_at(uint64_t addr, int *internal);
/* Guest memory with the original bytes under breakpoints. */
int gdb_bp_read(uint64_t addr, unsigned char *buf, size_t n);

/* gdb_commands.c */
/* Serves gdb until it resumes this thread (report: send the stop reply
 * first); returns the host signal gdb wants delivered, or 0. */
int gdb_serve(ucontext_t *uc, int me, int stop_gsig, int report);
int gdb_signal_to_gdb(int sig);
void gdb_put_code(char kind, int code); /* W (exit status) or X (signal) */
/* A qXfer reply: the escaped chunk of data[off, off+len) ('m' more, 'l' last). */
void gdb_put_xfer(const char *data, size_t total, uint64_t off, uint64_t len);
void gdb_set_exec_path(const char *path);
/* Ends the program when gdb hangs up or kills it (as QEMU's stub does). */
void gdb_kill_program(void);

/* gdb_threads.c */
struct gdb_thread {
    int tid;
    ucontext_t *uc;   /* the guest context while parked, else 0 */
    volatile int parked;
};
void gdb_threads_install(void);
/* Stops every other guest thread (waits for them a bounded time). */
void gdb_stop_others(int self_tid);
/* Ends a stop: parked threads go on when others_run, else stay parked
 * (gdb steps one thread alone). */
void gdb_release_others(int others_run);
/* The ids of the live guest threads (at most cap); returns how many. */
int gdb_thread_list(int *tids, int cap);
ucontext_t *gdb_thread_context(int tid);
int gdb_thread_alive(int tid);
/* Called when a thread with a stop of its own waits for the stub's lock. */
void gdb_thread_parked(int tid, ucontext_t *uc);
void gdb_thread_unparked(int tid);
int gdb_threads_generation(void);
/* The last resume let every thread run (not one thread's step alone). */
int gdb_others_may_run(void);
void gdb_wait_generation(int seen);

#endif
