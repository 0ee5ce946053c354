/* A guest-memory image and a stand-in kernel for fuzzing x32-run's argument
 * translators (translators_fuzz.c).
 *
 * Guest memory is a window of GUEST_SIZE bytes at guest address GUEST_BASE,
 * filled from the fuzz input; any other guest address faults.  The runner
 * reads and writes guest memory only through guest_mem.h, which this file
 * implements over the window: a fault jumps to guest_fault, as the runner's
 * SIGSEGV recovery jumps back to its trap handler, and the call gives EFAULT.
 *
 * The translators' system calls (raw_syscall6, safe_syscall) land in
 * fake_syscall(), which behaves like the kernel where the runner relies on it:
 * it reads every native structure the runner hands over (so AddressSanitizer
 * sees any read past the runner's buffers), writes answers taken from the
 * fuzz input into the runner's buffers, treats addresses below 4 GiB as guest
 * addresses (checked against the window, like copy_from_user), may change
 * guest memory in the middle of a call like a racing guest thread, and
 * aborts when the runner hands it a runner address where only guest
 * addresses may appear. */
#ifndef X32RUN_FUZZ_FAKE_KERNEL_H
#define X32RUN_FUZZ_FAKE_KERNEL_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>

#define GUEST_BASE 0x10000u
#define GUEST_SIZE 0x4000u
/* The descriptor the fake kernel calls a socket; others are EBADF for fstat. */
#define FAKE_SOCKET_FD 100

/* A stream of fuzz bytes; reads past its end give zeros. */
struct byte_source {
    const uint8_t *p;
    size_t n;
};
uint8_t take_u8(struct byte_source *s);
uint32_t take_u32(struct byte_source *s);
void take_bytes(struct byte_source *s, void *dst, size_t n);

/* Set up for one fuzz input: the image (zero beyond img_len) and the bytes the
 * fake kernel answers with. */
void fake_kernel_reset(const uint8_t *img, size_t img_len, struct byte_source kernel);
extern unsigned char *guest_image;
extern jmp_buf guest_fault;

/* After a call: abort if guest memory holds, where it did not before, an
 * address the fake kernel was given as a runner-side iovec array (the runner
 * must put the guest's own pointer back). */
void check_no_runner_pointer_left(void);

long fake_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6);

#endif
