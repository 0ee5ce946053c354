/* pack.c: a whole program's mix of system calls, as tar does it: walk the tree
 * named by $PACK_TREE (directories read with getdents, every file stat'ed,
 * opened, read in 64 KiB blocks and closed) and write a ustar-like stream
 * (a 512-byte header per file, the data padded to 512) to /dev/null.  Prints
 * ms per pass over the tree; ITERATIONS passes. */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <ftw.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "bench.h"

static int out = -1;
static long files;
static char buf[65536];

static int put(const void *p, size_t n)
{
    return write(out, p, n) == (ssize_t)n ? 0 : -1;
}

static int pack_one(const char *path, const struct stat *st, int kind, struct FTW *f)
{
    char header[512] = {0};
    (void)f;
    if (kind != FTW_F || !S_ISREG(st->st_mode))
        return 0;
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0; /* unreadable: tar would warn and go on */
    snprintf(header, 100, "%s", path);
    snprintf(header + 124, 12, "%011lo", (unsigned long)st->st_size);
    memcpy(header + 257, "ustar", 5);
    int bad = put(header, sizeof header);
    ssize_t n;
    long total = 0;
    while (!bad && (n = read(fd, buf, sizeof buf)) > 0) {
        bad = put(buf, (size_t)n);
        total += n;
    }
    close(fd);
    if (!bad && total % 512) {
        memset(buf, 0, 512);
        bad = put(buf, (size_t)(512 - total % 512));
    }
    files++;
    return bad;
}

int main(int argc, char **argv)
{
    long n = iterations(argc, argv);
    const char *tree = getenv("PACK_TREE");
    if (!tree || !*tree) {
        fprintf(stderr, "pack: set PACK_TREE to the folder to pack\n");
        return 2;
    }
    out = open("/dev/null", O_WRONLY);
    double t0 = now_ns();
    for (long i = 0; i < n; i++) {
        files = 0;
        if (nftw(tree, pack_one, 32, FTW_PHYS) != 0 || files == 0) {
            fprintf(stderr, "pack: cannot pack %s\n", tree);
            return 1;
        }
    }
    printf("%.1f\n", (now_ns() - t0) / 1e6 / (double)n);
    return 0;
}
