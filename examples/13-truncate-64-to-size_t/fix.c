/*
 * The same verifier without squeezing a file size into a size_t: read the
 * trailer with pread at a 64-bit offset (off_t is 64-bit on x86-64 and x32).
 * Where a mapping is really needed, check stx_size against SIZE_MAX first
 * and map a window, not the whole file: x32 has 4 GiB of address space in
 * total, so "map it all" cannot work for large files anyway.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
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
    char tail[TRAILER_LEN];
    int fd = open(path, O_RDONLY);

    if (fd < 0 || file_size(fd, &size) != 0) {
        printf("%s: %s\n", path, strerror(errno));
        return;
    }
    int found = size >= TRAILER_LEN &&
                pread(fd, tail, TRAILER_LEN, (off_t)(size - TRAILER_LEN)) == (ssize_t)TRAILER_LEN &&
                memcmp(tail, trailer, TRAILER_LEN) == 0;

    close(fd);
    if (found)
        printf("%s: trailer found, package accepted\n", path);
    else
        printf("%s: no trailer, package rejected\n", path);
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
