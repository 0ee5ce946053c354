/* x32-vm: run x32 programs in a small QEMU VM whose kernel has CONFIG_X86_X32_ABI.
 * See usage() below and vm/README.md. */
#define _GNU_SOURCE
#include "host.h"
#include "host/host.h" /* runner/src/host: print_sdk_version */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define X32VM_VERSION "0.1.0"

_Noreturn void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("x32-vm: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(EXIT_VM_FAILED);
}

void note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("x32-vm: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void usage(FILE *f)
{
    fputs("usage: x32-vm run [--sysroot DIR] [--argv0 NAME] [--] PROGRAM [ARGS...]\n"
          "       x32-vm start | stop | --help | --version\n"
          "\n"
          "run    runs PROGRAM in a QEMU VM whose Linux kernel runs x32 programs, with the\n"
          "       host's files at the same paths (the SDK sysroot's libx32 over /libx32 and\n"
          "       /usr/libx32), the same argv, environment, cwd, ids and limits; stdin,\n"
          "       stdout and stderr pass through, and so does the exit status.  A program\n"
          "       killed by signal N kills x32-vm with N too (or it exits 128+N when N\n"
          "       cannot kill it).  x32-vm's own failures exit 125.\n"
          "start  boots the session's VM now (the first `run` would do it otherwise) and\n"
          "       prints how long it took; stop powers it off.\n"
          "\n"
          "The VM stays up between calls, one program at a time, and powers itself off\n"
          "after X32_VM_IDLE_SECONDS (300) without a call.  KVM is used when a probe boot\n"
          "shows it works, else TCG.  Environment: X32_VM_ACCEL=kvm|tcg, X32_VM_KERNEL,\n"
          "X32_VM_INITRAMFS, X32_VM_QEMU, X32_VM_MEMORY_MB (1024), X32_VM_CPUS (1),\n"
          "X32_VM_BOOT_TIMEOUT (120), X32_VM_KVM_PROBE_SECONDS (10), X32_SYSROOT.\n",
          f);
}

/* find_program NAME: like x32-run, a name without a slash that is not in the current
 * directory is looked up in PATH. */
static const char *find_program(const char *name, char *buf, size_t cap)
{
    if (strchr(name, '/') || access(name, F_OK) == 0)
        return name;
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        size_t len = strcspn(path, ":");
        if (len && (size_t)snprintf(buf, cap, "%.*s/%s", (int)len, path, name) < cap &&
            access(buf, X_OK) == 0)
            return buf;
        path += len;
        if (*path == ':')
            path++;
    }
    return name;
}

static int cmd_run(int argc, char **argv)
{
    const char *sysroot = NULL, *argv0 = NULL;
    int i = 0;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            i++;
            break;
        }
        if (a[0] != '-' || !a[1])
            break;
        if (!strcmp(a, "--sysroot") && i + 1 < argc)
            sysroot = argv[++i];
        else if (!strncmp(a, "--sysroot=", 10))
            sysroot = a + 10;
        else if (!strcmp(a, "--argv0") && i + 1 < argc)
            argv0 = argv[++i];
        else if (!strncmp(a, "--argv0=", 8))
            argv0 = a + 8;
        else {
            note("unknown option '%s' (try --help)", a);
            return 2;
        }
    }
    if (i >= argc) {
        usage(stderr);
        return 2;
    }
    char found[PATH_MAX];
    const char *path = find_program(argv[i], found, sizeof found);
    if (argv0)
        argv[i] = (char *)argv0;

    struct vm_config c;
    load_config(&c, sysroot);
    long booted_ms;
    const char *accel;
    int sock = open_session(&c, &booted_ms, &accel);
    if (getenv("X32_VM_VERBOSE") && booted_ms)
        note("booted the VM (%s) in %ld ms", accel, booted_ms);
    return relay_run(sock, path, argv + i);
}

static int cmd_start(void)
{
    struct vm_config c;
    load_config(&c, NULL);
    long booted_ms;
    const char *accel;
    int sock = open_session(&c, &booted_ms, &accel);
    close(sock);
    if (booted_ms)
        printf("booted (%s) in %ld ms; session %s\n", accel, booted_ms, c.session_dir);
    else
        printf("already running; session %s\n", c.session_dir);
    return 0;
}

static int cmd_stop(void)
{
    struct vm_config c;
    load_config(&c, NULL);
    puts(stop_session(&c) ? "stopped" : "not running");
    return 0;
}


int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        print_sdk_version("x32-vm", X32VM_VERSION);
        return 0;
    }
    if (!strcmp(cmd, "run"))
        return cmd_run(argc - 2, argv + 2);
    if (!strcmp(cmd, "start") && argc == 2)
        return cmd_start();
    if (!strcmp(cmd, "stop") && argc == 2)
        return cmd_stop();
    note("unknown command '%s' (try --help)", cmd);
    return 2;
}
