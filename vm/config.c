/* Where the guest kernel, its initramfs, the SDK sysroot and QEMU are, and how big a
 * VM to boot.  Everything is found relative to this program (PREFIX/bin/x32-vm or
 * PREFIX/libexec/x32-sdk/x32-vm), so an installed SDK can be moved. */
#define _GNU_SOURCE
#include "host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static unsigned env_number(const char *name, unsigned dflt)
{
    const char *v = getenv(name);
    char *end;
    unsigned long n = v && *v ? strtoul(v, &end, 10) : 0;
    if (!v || !*v)
        return dflt;
    if (*end || n == 0 || n > 1000000)
        fail("%s=%s is not a positive number", name, v);
    return (unsigned)n;
}

/* find_prefix PREFIX: the SDK prefix holding share/x32-sdk/vm, "" if none. */
static void find_prefix(char *prefix, size_t cap)
{
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    prefix[0] = 0;
    if (n <= 0)
        return;
    self[n] = 0;
    *strrchr(self, '/') = 0;
    static const char *const ups[] = {"/..", "/../.."}; /* bin/, libexec/x32-sdk/ */
    for (unsigned i = 0; i < 2; i++) {
        char cand[PATH_MAX + 32], vm[PATH_MAX + 64];
        snprintf(cand, sizeof cand, "%s%s", self, ups[i]);
        /* The prefix is where the SDK's share/x32-sdk/vm is, with or without a kernel
         * (a host that could not get one has vm/missing instead: load_config says so). */
        snprintf(vm, sizeof vm, "%s/share/x32-sdk/vm", cand);
        if (is_dir(vm) && realpath(cand, prefix))
            return;
    }
    prefix[0] = 0;
    (void)cap;
}

static void resolve(char *dst, const char *src, const char *what)
{
    if (!realpath(src, dst))
        fail("%s %s: not found", what, src);
}

void load_config(struct vm_config *c, const char *sysroot)
{
    char prefix[PATH_MAX], path[PATH_MAX + 64];
    memset(c, 0, sizeof *c);
    find_prefix(prefix, sizeof prefix);

    const char *k = getenv("X32_VM_KERNEL"), *i = getenv("X32_VM_INITRAMFS");
    if (!k || !*k) {
        if (!*prefix)
            fail("no guest kernel next to this program (PREFIX/share/x32-sdk/vm/bzImage); "
                 "build the SDK's vm step or set X32_VM_KERNEL and X32_VM_INITRAMFS");
        snprintf(path, sizeof path, "%s/share/x32-sdk/vm/bzImage", prefix);
        if (!is_file(path)) {
            char why[1024] = "";
            snprintf(path, sizeof path, "%s/share/x32-sdk/vm/missing", prefix);
            FILE *f = fopen(path, "r");
            if (f) {
                if (!fgets(why, sizeof why, f))
                    why[0] = 0;
                fclose(f);
                why[strcspn(why, "\n")] = 0;
            }
            fail("this SDK (%s) has no guest kernel: %s", prefix,
                 why[0] ? why : "share/x32-sdk/vm/bzImage is missing; run ./build.sh vm, "
                                "or set X32_VM_KERNEL and X32_VM_INITRAMFS");
        }
        k = path;
    }
    resolve(c->kernel, k, "guest kernel");
    if (!i || !*i) {
        snprintf(path, sizeof path, "%s", c->kernel);
        snprintf(strrchr(path, '/'), 32, "/initramfs.cpio");
        i = path;
    }
    resolve(c->initramfs, i, "guest initramfs");

    /* The same sysroot rule as x32-run: --sysroot, $X32_SYSROOT, the prefix's. */
    const char *s = sysroot ? sysroot : getenv("X32_SYSROOT");
    if ((!s || !*s) && *prefix) {
        snprintf(path, sizeof path, "%s/x86_64-linux-gnux32/sysroot", prefix);
        s = is_dir(path) ? path : NULL;
    }
    if (s && *s && strcmp(s, "/") != 0)
        resolve(c->sysroot, s, "sysroot");

    const char *q = getenv("X32_VM_QEMU");
    snprintf(c->qemu, sizeof c->qemu, "%s", q && *q ? q : "qemu-system-x86_64");
    c->accel = getenv("X32_VM_ACCEL");
    if (c->accel && !*c->accel)
        c->accel = NULL;
    if (c->accel && strcmp(c->accel, "kvm") != 0 && strcmp(c->accel, "tcg") != 0)
        fail("X32_VM_ACCEL=%s: use kvm or tcg", c->accel);
    c->mem_mb = env_number("X32_VM_MEMORY_MB", 1024);
    c->cpus = env_number("X32_VM_CPUS", 1);
    c->idle_s = env_number("X32_VM_IDLE_SECONDS", 300);
    c->boot_timeout_s = env_number("X32_VM_BOOT_TIMEOUT", 120);
    c->kvm_probe_s = env_number("X32_VM_KVM_PROBE_SECONDS", 10);
}
