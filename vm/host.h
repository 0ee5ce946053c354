/* x32-vm, the host side: finds the guest kernel, keeps a VM session alive between
 * calls and relays one program's run through it. */
#ifndef X32VM_HOST_H
#define X32VM_HOST_H

#include <limits.h>
#include <stdint.h>

/* Exit status of x32-vm itself when the VM, not the program, failed. */
#define EXIT_VM_FAILED 125

struct vm_config {
    char kernel[PATH_MAX], initramfs[PATH_MAX];
    char sysroot[PATH_MAX]; /* "" for none: the guest's /libx32 is the host's */
    char qemu[PATH_MAX];
    const char *accel;      /* "kvm", "tcg" or NULL: probe */
    unsigned mem_mb, cpus, idle_s, boot_timeout_s, kvm_probe_s;
    char session_dir[PATH_MAX];
};

/* fail FMT...: print "x32-vm: ..." and exit EXIT_VM_FAILED. */
_Noreturn void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* config.c: fill the configuration from our location, the environment and SYSROOT
 * (NULL: the default). */
void load_config(struct vm_config *c, const char *sysroot);

/* session.c: a connected, greeted agent socket; boots the VM when there is none.
 * Holds the session lock (close-on-exec) until the process exits.  *BOOTED_MS is the
 * boot time when this call booted the VM, else 0. */
int open_session(struct vm_config *c, long *booted_ms, const char **accel_used);
/* stop_session: power the session's VM off if it runs; 1 if it did. */
int stop_session(struct vm_config *c);

/* accel.c: the remembered verdict on KVM for this host and kernel. */
const char *remembered_accel(const struct vm_config *c);
void remember_accel(const struct vm_config *c, const char *verdict);
int kvm_usable(void);

/* relay.c: run PATH with ARGV through the connected agent; returns only when the
 * program exited normally (its status), else dies of its signal. */
int relay_run(int sock, const char *path, char **argv);

long monotonic_ms(void);

#endif
