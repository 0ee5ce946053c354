/* x32-run --tree's fallback: LD_PRELOAD names an exec-interposition library
 * (runner/preload/) that routes execve/execvp/posix_spawn... of x32 files to
 * x32-run.  It cannot reach static native programs or raw execve system calls. */
#include "tree/tree_mechanisms.h"
#include "loader/loader.h"
#include "syscalls/syscalls.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PRELOAD_NAME "x32-exec-preload.so"

/* The interposition library: $X32_RUN_PRELOAD, else PREFIX/lib/x32-sdk/ next to
 * an installed runner, else the runner's build directory. */
int find_preload(const char *runner, char *buf, size_t cap)
{
    const char *env = getenv("X32_RUN_PRELOAD");
    if (env && *env) {
        snprintf(buf, cap, "%s", env);
        return access(buf, R_OK) == 0;
    }
    char dir[PATH_BUF - 64];
    snprintf(dir, sizeof dir, "%s", runner);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    snprintf(buf, cap, "%s/%s", dir, PRELOAD_NAME);
    if (access(buf, R_OK) == 0)
        return 1;
    snprintf(buf, cap, "%s/../lib/x32-sdk/%s", dir, PRELOAD_NAME);
    return access(buf, R_OK) == 0;
}

int preload_tree_setup(const char *runner, char *why, size_t cap)
{
    char lib[PATH_BUF], real[PATH_BUF];
    if (!find_preload(runner, lib, sizeof lib)) {
        snprintf(why, cap, "the exec-interposition library %s is missing%s", lib,
                 getenv("X32_RUN_PRELOAD") && *getenv("X32_RUN_PRELOAD")
                     ? " (X32_RUN_PRELOAD)" : " (reinstall the runner: make -C runner install)");
        return -1;
    }
    if (realpath(lib, real))
        snprintf(lib, sizeof lib, "%s", real);
    unsigned char hdr[64];
    int fd = open(lib, O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, hdr, sizeof hdr) : -1;
    if (fd >= 0)
        close(fd);
    if (n < 20 || elf_classify(hdr, (size_t)n) != ELF_KIND_X86_64) {
        snprintf(why, cap, "%s is not an x86-64 shared library", lib);
        return -1;
    }
    const char *old = getenv("LD_PRELOAD");
    char *list = malloc(strlen(lib) + (old ? strlen(old) : 0) + 2);
    if (!list) {
        snprintf(why, cap, "out of memory");
        return -1;
    }
    if (old && strstr(old, lib))
        strcpy(list, old);
    else if (old && *old)
        sprintf(list, "%s:%s", lib, old);
    else
        strcpy(list, lib);
    setenv("X32_TREE_RUNNER", runner, 1);
    setenv("X32_TREE_PRELOAD", lib, 1);
    setenv("LD_PRELOAD", list, 1);
    free(list);
    return 0;
}
