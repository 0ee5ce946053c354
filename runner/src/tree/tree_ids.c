/* What the binfmt tree's user namespace changes about ids, for the user x32-run
 * runs as (issue 35).
 *
 * A user namespace shows every id its maps lack as the overflow id (65534) and
 * refuses to set one (EINVAL, where outside the kernel says EPERM).  Writing a
 * map that names ids other than one's own needs CAP_SETUID/CAP_SETGID in the
 * namespace that holds them, so only a privileged root can map every id its
 * namespace has onto itself; an ordinary user maps only its own uid and gid,
 * and newuidmap/newgidmap add only subordinate ranges (never the host's root or
 * other users), so no map can make the tree agree with the outside for them.
 * tree.c therefore uses binfmt first only when binfmt_keeps_ids(). */
#include "tree/tree_mechanisms.h"
#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int has_cap(const struct __user_cap_data_struct d[2], int cap)
{
    return (d[cap / 32].effective >> (cap % 32)) & 1;
}

int binfmt_keeps_ids(void)
{
    struct __user_cap_header_struct h = {.version = _LINUX_CAPABILITY_VERSION_3};
    struct __user_cap_data_struct d[2];
    if (geteuid() != 0 || syscall(SYS_capget, &h, d) != 0)
        return 0;
    return has_cap(d, CAP_SETUID) && has_cap(d, CAP_SETGID);
}

/* /proc/self/uid_map (or gid_map) turned into the identity over the same
 * ranges ("A B N" becomes "A A N"): ids in the tree are this namespace's. */
int identity_id_map(const char *which, char *map, size_t cap)
{
    char path[64], text[4096];
    snprintf(path, sizeof path, "/proc/self/%s", which);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0)
        return -1;
    text[n] = 0;
    size_t used = 0;
    map[0] = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(0, "\n")) {
        unsigned long first, host, count;
        if (sscanf(line, "%lu %lu %lu", &first, &host, &count) != 3)
            return -1;
        int w = snprintf(map + used, cap - used, "%lu %lu %lu\n", first, first, count);
        if (w < 0 || (size_t)w >= cap - used)
            return -1;
        used += (size_t)w;
    }
    return used ? 0 : -1;
}

static unsigned overflow_id(const char *file)
{
    char buf[32];
    unsigned v = 65534;
    int fd = open(file, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        ssize_t n = read(fd, buf, sizeof buf - 1);
        if (n > 0) {
            buf[n] = 0;
            sscanf(buf, "%u", &v);
        }
        close(fd);
    }
    return v;
}

void binfmt_changes(char *buf, size_t cap)
{
    if (binfmt_keeps_ids()) {
        /* The namespaces the tree keeps (network, hostname, the host's devices)
         * belong to the outer user namespace, where the tree has no capability. */
        snprintf(buf, cap, "no ids (every id is mapped onto itself); but root's privileges "
                 "over the host's own resources are gone: raw sockets, device nodes (mknod), "
                 "the hostname, network settings and signals to other users' processes fail "
                 "with EPERM, and mounts made in the tree stay in it");
        return;
    }
    snprintf(buf, cap, "ids: only uid %u and gid %u are mapped, so files owned by others show "
             "as %u/%u, supplementary groups as %u, and chown/setuid/setgid to other ids fail "
             "with EINVAL instead of EPERM (uid_map reads \"%u 0 1\", setgroups \"deny\")",
             (unsigned)geteuid(), (unsigned)getegid(),
             overflow_id("/proc/sys/kernel/overflowuid"),
             overflow_id("/proc/sys/kernel/overflowgid"),
             overflow_id("/proc/sys/kernel/overflowgid"), (unsigned)geteuid());
}
