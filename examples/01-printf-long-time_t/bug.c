/*
 * The log line of a log-segment archiver: size and mtime of every segment it
 * restores. off_t and time_t are printed with %ld, which is right on every
 * LP64 system this code ever met: there both are `long`.
 *
 * On x32 they are `long long` (64-bit) while `long` is 32-bit, so the
 * format string lies about the type.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define RETENTION_SECONDS (90 * 24 * 3600)

/* A segment restored from an archive: 5 GiB (sparse, so it costs no disk)
 * and the mtime the archive recorded, which lies after 2038. */
static int restore_segment(const char *path)
{
    const struct timespec mtime[2] = {
        { .tv_sec = 4102444800, .tv_nsec = 250000000 },    /* 2100-01-01 00:00:00.25 UTC */
        { .tv_sec = 4102444800, .tv_nsec = 250000000 },
    };
    int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0600);

    if (fd < 0)
        return -1;
    if (ftruncate(fd, 5LL << 30) != 0 || futimens(fd, mtime) != 0) {
        close(fd);
        return -1;
    }
    return close(fd);
}

static void log_segment(const char *path)
{
    struct stat st;

    if (stat(path, &st) != 0) {
        perror(path);
        exit(1);
    }
    printf("segment %s: %ld bytes, mtime %ld.%09ld\n",
           path, st.st_size, st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
    printf("segment %s: delete after %ld\n", path, st.st_mtime + RETENTION_SECONDS);
}

int main(void)
{
    const char *path = "segment-0001.log";

    if (restore_segment(path) != 0) {
        printf("UNSUPPORTED: cannot create a 5 GiB sparse file with a 2100 mtime here\n");
        return 0;
    }
    log_segment(path);
    unlink(path);
    return 0;
}
