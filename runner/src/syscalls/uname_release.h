#ifndef X32RUN_UNAME_RELEASE_H
#define X32RUN_UNAME_RELEASE_H

/* The kernel release uname reports to the program: the host's, or the one given
 * with -r (QEMU user mode's option, front/qemu_options.c).  Set once while the
 * command line is read; read on the trap path by uname and execve. */
void uname_release_set(const char *release);
/* The -r release, or NULL. */
const char *uname_release(void);
/* uname's result in guest memory: release replaced by -r when given. */
void uname_release_apply(char *utsname);

#endif
