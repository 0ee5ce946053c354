/*
 * The same archiver log line, portable: off_t and time_t have no printf
 * length modifier of their own, so convert them to intmax_t and use %jd.
 * tv_nsec is `long` on LP64 and `long long` on x32 (glibc's
 * __syscall_slong_t), so it gets the same treatment.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define RETENTION_SECONDS (90 * 24 * 3600)

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
    printf("segment %s: %jd bytes, mtime %jd.%09jd\n", path, (intmax_t)st.st_size,
           (intmax_t)st.st_mtim.tv_sec, (intmax_t)st.st_mtim.tv_nsec);
    printf("segment %s: delete after %jd\n", path, (intmax_t)st.st_mtime + RETENTION_SECONDS);
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
