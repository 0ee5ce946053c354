/*
 * A package verifier maps the whole package file and checks the trailer at
 * its end (like a zip's end-of-central-directory record). The size comes
 * from statx, whose stx_size is a __u64, and is handed to mmap as a size_t.
 *
 * On x32 size_t is 32-bit: a 4 GiB + 4 KiB package becomes a 4 KiB mapping
 * of the file's first page, and the "trailer" is read from there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static const char trailer[] = "PKG-TRAILER v1\n";
#define TRAILER_LEN (sizeof trailer - 1)

/* A large package: 4 GiB of (sparse) payload, then the trailer. */
static int make_package(const char *path)
{
    const off_t size = (4LL << 30) + 4096;
    int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0600);
    int ok;

    if (fd < 0)
        return -1;
    ok = ftruncate(fd, size) == 0 &&
         pwrite(fd, trailer, TRAILER_LEN, size - (off_t)TRAILER_LEN) == (ssize_t)TRAILER_LEN;
    close(fd);
    return ok ? 0 : -1;
}

/* The file's size as the kernel reports it: statx's stx_size, a __u64. (musl before
 * 1.2.5 has no statx: there fstat's 64-bit st_size, widened to the same 64 bits.) */
static int file_size(int fd, uint64_t *size)
{
#ifdef STATX_SIZE
    struct statx stx;

    if (statx(fd, "", AT_EMPTY_PATH, STATX_SIZE, &stx) != 0)
        return -1;
    *size = stx.stx_size;
#else
    struct stat st;

    if (fstat(fd, &st) != 0)
        return -1;
    *size = (uint64_t)st.st_size;
#endif
    return 0;
}

static void verify(const char *path)
{
    uint64_t size;
    int fd = open(path, O_RDONLY);

    if (fd < 0 || file_size(fd, &size) != 0) {
        printf("%s: %s\n", path, strerror(errno));
        return;
    }
    size_t len = size;
    const char *map = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);

    close(fd);
    if (map == MAP_FAILED) {
        printf("%s: cannot map: %s\n", path, strerror(errno));
        return;
    }
    if (len >= TRAILER_LEN && memcmp(map + len - TRAILER_LEN, trailer, TRAILER_LEN) == 0)
        printf("%s: trailer found, package accepted\n", path);
    else
        printf("%s: no trailer, package rejected\n", path);
    munmap((void *)map, len);
}

int main(void)
{
    const char *path = "big.pkg";

    if (make_package(path) != 0) {
        printf("UNSUPPORTED: cannot create a 4 GiB sparse file here\n");
        return 0;
    }
    verify(path);
    unlink(path);
    return 0;
}
