/* Whether KVM can run our guest is not knowable by looking: /dev/kvm may exist and
 * open, yet hang every guest (a nested paravirtual KVM does, see docs/x32-facts.md).  So the
 * first boot tries KVM with a short timeout, and the verdict is remembered per host
 * kernel and guest kernel in ~/.cache/x32-sdk/vm-accel. */
#define _GNU_SOURCE
#include "host.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

int kvm_usable(void)
{
    int fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return 0;
    close(fd);
    return 1;
}

static int verdict_file(char *path, size_t cap)
{
    const char *cache = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (cache && *cache)
        snprintf(path, cap, "%s/x32-sdk", cache);
    else if (home && *home)
        snprintf(path, cap, "%s/.cache/x32-sdk", home);
    else
        return -1;
    mkdir(path, 0755);
    strncat(path, "/vm-accel", cap - strlen(path) - 1);
    return 0;
}

/* The verdict holds for this host kernel and this guest kernel build only. */
static void verdict_key(const struct vm_config *c, char *key, size_t cap)
{
    struct utsname u;
    struct stat st;
    uname(&u);
    if (stat(c->kernel, &st) != 0)
        memset(&st, 0, sizeof st);
    snprintf(key, cap, "%s|%s|%lld|%lld", u.release, c->kernel, (long long)st.st_size,
             (long long)st.st_mtime);
}

const char *remembered_accel(const struct vm_config *c)
{
    char path[PATH_MAX], key[PATH_MAX + 128], line[PATH_MAX + 256];
    if (verdict_file(path, sizeof path) != 0)
        return NULL;
    verdict_key(c, key, sizeof key);
    FILE *f = fopen(path, "re");
    if (!f)
        return NULL;
    const char *found = NULL;
    size_t kl = strlen(key);
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, kl) == 0 && line[kl] == ' ')
            found = strncmp(line + kl + 1, "kvm", 3) == 0 ? "kvm" : "tcg";
    fclose(f);
    return found;
}

void remember_accel(const struct vm_config *c, const char *verdict)
{
    char path[PATH_MAX], key[PATH_MAX + 128];
    if (verdict_file(path, sizeof path) != 0)
        return;
    verdict_key(c, key, sizeof key);
    /* Appending keeps it simple; the last line for a key wins when read back. */
    FILE *f = fopen(path, "ae");
    if (!f)
        return;
    fprintf(f, "%s %s\n", key, verdict);
    fclose(f);
}
