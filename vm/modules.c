/* Loading the guest kernel's modules before anything else: a distribution kernel
 * (Debian's, the default guest) builds virtio, 9p and overlayfs as modules, and the
 * initramfs carries the ones the agent needs in /modules, with /modules/order listing
 * them each after the modules it needs (vm/initramfs.sh). A kernel with all of it built
 * in (vm/steps/vm-kernel.sh) has no /modules, and then this does nothing. */
#define _GNU_SOURCE
#include "guest.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MODULE_DIR "/modules"

void load_guest_modules(void)
{
    FILE *order = fopen(MODULE_DIR "/order", "r");
    if (!order)
        return;
    char name[256], path[300];
    while (fgets(name, sizeof name, order)) {
        name[strcspn(name, "\n")] = 0;
        if (!*name)
            continue;
        snprintf(path, sizeof path, MODULE_DIR "/%s", name);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            leave_vm("a module listed in /modules/order is missing from the initramfs");
        /* EEXIST: built in after all, or loaded already; both are what we want. */
        if (syscall(SYS_finit_module, fd, "", 0) != 0 && errno != EEXIST) {
            log_msg("cannot load %s: %s", name, strerror(errno));
            leave_vm("a kernel module the agent needs did not load");
        }
        close(fd);
    }
    fclose(order);
}
