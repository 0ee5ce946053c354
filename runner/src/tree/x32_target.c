/* Telling x32 targets apart with elf_parse.c's elf_classify and
 * parse_shebang, through ordinary libc calls: this runs before any guest
 * (x32-run --tree) or inside a native program (the preload library), never on
 * the trap path. */
#include "tree/x32_target.h"
#include "loader/loader.h"
#include <fcntl.h>
#include <unistd.h>

/* The kernel reads this much of a file to decide how to exec it
 * (BINPRM_BUF_SIZE): a "#!" line must fit in it. */
#define EXEC_PEEK 256

static long peek(const char *path, unsigned char *buf, size_t cap)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    long n = read(fd, buf, cap);
    close(fd);
    return n;
}

/* The interpreter of a script, at its own path: a tree and the preload library
 * have no sysroot or -L root to look it up in. */
static long read_interp(void *ctx, const char *interp, unsigned char *buf, size_t cap)
{
    (void)ctx;
    return peek(interp, buf, cap);
}

int wants_x32_runner(const char *path)
{
    unsigned char hdr[EXEC_PEEK + 1];
    long n = peek(path, hdr, EXEC_PEEK);
    if (n <= 0)
        return 0;
    enum elf_kind k = elf_classify(hdr, (size_t)n);
    if (k == ELF_KIND_X32)
        return 1;
    char *interp, *arg;
    hdr[n] = 0;
    return k == ELF_KIND_SCRIPT &&
           script_has_x32_interp((char *)hdr, n, &interp, &arg, read_interp, 0);
}
