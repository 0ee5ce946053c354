/* The agent: /init of the guest, a native x86-64 static program. */
#ifndef X32VM_GUEST_H
#define X32VM_GUEST_H

/* log_msg FMT...: a line on the guest console (QEMU writes it to console.log). */
void log_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Leave the VM: QEMU runs with -no-reboot, so a reboot ends the QEMU process. */
_Noreturn void leave_vm(const char *why);

/* load_guest_modules: load the kernel modules the initramfs carries, in their order
 * (vm/modules.c); nothing to do for a kernel without modules. */
void load_guest_modules(void);

/* serve_run PORT PAYLOAD LEN: run the program a RUN frame asks for, relaying its
 * stdio over PORT, and send its EXIT frame.  Returns 0 when the run finished, -1 when
 * the host went away (the program and everything it started are killed either way). */
int serve_run(int port, const unsigned char *payload, unsigned len);

#endif
