/* x32-run --register: tell binfmt_misc to hand x32 ELF files to us, as
 * qemu-user-static does.  Flags: P keeps argv[0], O opens the binary for us
 * (so unreadable-but-executable files work), F pins this runner binary so it
 * also works inside containers and chroots. */
#include "base/self_path.h"
#include "front/binfmt.h"
#include "host/host.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>


#define BINFMT_DIR "/proc/sys/fs/binfmt_misc"
#define MOUNT_COMMAND "mount -t binfmt_misc binfmt_misc " BINFMT_DIR

/* Why binfmt_misc cannot be written, as one line with what to do; 'what' is
 * the option, --register or --unregister.  Registration is machine-wide and needs
 * root; x32-run --tree does the same for one command tree without either. */
static int explain(const char *what, const char *path, int err)
{
    if (access(BINFMT_DIR "/register", F_OK) != 0)
        fprintf(stderr, "x32-run %s needs binfmt_misc, which is not mounted here; as root: "
                MOUNT_COMMAND " (or, without root, for one command: x32-run --tree -- COMMAND)\n",
                what);
    else if (err == EACCES || err == EPERM || err == EROFS)
        fprintf(stderr, "x32-run %s: cannot write %s: %s: binfmt_misc is machine-wide and "
                "needs root (without root, for one command: x32-run --tree -- COMMAND)\n",
                what, path, strerror(err));
    else
        fprintf(stderr, "x32-run %s: cannot write %s: %s\n", what, path, strerror(err));
    return 1;
}

int register_binfmt(void)
{
    char rule[4096 + 256];
    const char *self = runner_path();
    if (!self) {
        fprintf(stderr, "x32-run: cannot find my own path through /proc/self/exe (is /proc mounted?)\n");
        return 1;
    }
    if (binfmt_rule(rule, sizeof rule, "x32", self) < 0) {
        fprintf(stderr, "x32-run: my path is too long for binfmt_misc: %s\n", self);
        return 1;
    }
    if (access(BINFMT_DIR "/x32", F_OK) == 0) {
        fprintf(stderr, "x32-run: an x32 entry is registered already (" BINFMT_DIR "/x32); "
                "remove it first with x32-run --unregister\n");
        return 1;
    }
    FILE *f = fopen(BINFMT_DIR "/register", "w");
    if (!f)
        return explain("--register", BINFMT_DIR "/register", errno);
    fputs(rule, f);
    if (fclose(f) != 0)
        return explain("--register", BINFMT_DIR "/register", errno);
    printf("registered %s for x32 ELF programs (machine-wide; undo with x32-run --unregister)\n",
           self);
    return 0;
}

/* x32-run --unregister: remove the x32 entry, whichever runner it names.
 * Nothing registered is not an error: the machine is as asked. */
int unregister_binfmt(void)
{
    char interp[4200] = "", line[4200];
    FILE *f = fopen(BINFMT_DIR "/x32", "r");
    if (!f) {
        if (errno == ENOENT && access(BINFMT_DIR "/register", F_OK) == 0) {
            printf("no x32 entry is registered with binfmt_misc; nothing to do\n");
            return 0;
        }
        return explain("--unregister", BINFMT_DIR "/x32", errno);
    }
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "interpreter %4095s", interp) == 1)
            break;
    fclose(f);
    f = fopen(BINFMT_DIR "/x32", "w");
    if (!f)
        return explain("--unregister", BINFMT_DIR "/x32", errno);
    fputs("-1", f);
    if (fclose(f) != 0)
        return explain("--unregister", BINFMT_DIR "/x32", errno);
    printf("unregistered the x32 entry (it ran %s)\n", interp[0] ? interp : "an unknown runner");
    return 0;
}
