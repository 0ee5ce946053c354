/* Prints what a program run by the QEMU-style command line sees: its argv[0],
 * its pointer size, uname's release (-r), the variables -E/-U set or removed,
 * LD_PRELOAD (an x86-64 one must not reach it), and whether a file that only
 * the rootfs has is visible by its absolute path (-L).  It also writes to
 * /dev/null, which must stay the host's device even when the rootfs has a
 * dev/null file of its own. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/utsname.h>
#include <unistd.h>

static const char *env(const char *name)
{
    const char *v = getenv(name);
    return v ? v : "(unset)";
}

int main(int argc, char **argv)
{
    struct utsname u;
    uname(&u);
    printf("argv0=%s ptr=%zu release=%s\n", argv[0], sizeof(void *), u.release);
    printf("FOO=%s BAR=%s LD_PRELOAD=%s\n", env("FOO"), env("BAR"), env("LD_PRELOAD"));
    printf("rootfs-only=%s\n", access("/etc/cachegen.conf", R_OK) == 0 ? "yes" : "no");
    FILE *devnull = fopen("/dev/null", "w");
    if (!devnull || fputs("this must not land in the rootfs\n", devnull) < 0 || fclose(devnull))
        printf("/dev/null: cannot write\n");
    for (int i = 1; i < argc; i++)
        printf("arg%d=%s\n", i, argv[i]);
    return 0;
}
