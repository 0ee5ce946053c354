/*
 * The same async-signal-safe spool listing, on getdents64: its record is
 * declared by the kernel with fixed-width fields (u64 d_ino, s64 d_off), so a
 * declaration with <stdint.h> types matches it on every ABI, x32 and i386
 * included. (The old getdents record uses the kernel's `unsigned long`,
 * 64-bit for x32 and 32-bit for i386: no single C declaration fits both.)
 * glibc >= 2.30 also offers getdents64() itself.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

struct linux_dirent64 {
    uint64_t       d_ino;
    int64_t        d_off;
    unsigned short d_reclen;
    unsigned char  d_type;
    char           d_name[];
} __attribute__((aligned(8)));  /* records are 8-byte aligned; i386 would pick 4 */

#define MAX_JOBS 16
#define NAME_MAX_JOB 32

/* Collects the names of "job-*" entries; returns their count or -1. */
static int list_jobs(const char *dir, char names[][NAME_MAX_JOB], int max)
{
    char buf[4096] __attribute__((aligned(8)));
    int n = 0;
    int fd = open(dir, O_RDONLY | O_DIRECTORY);

    if (fd < 0)
        return -1;
    for (;;) {
        long got = syscall(SYS_getdents64, fd, buf, sizeof buf);

        if (got <= 0)
            break;
        for (long pos = 0; pos < got;) {
            const struct linux_dirent64 *d = (const struct linux_dirent64 *)(buf + pos);

            if ((size_t)d->d_reclen < offsetof(struct linux_dirent64, d_name) + 2 || d->d_reclen > got - pos) {
                printf("corrupt directory record at byte %ld\n", pos);
                close(fd);
                return n;
            }
            if (strncmp(d->d_name, "job-", 4) == 0 && n < max)
                snprintf(names[n++], NAME_MAX_JOB, "%s", d->d_name);
            pos += d->d_reclen;
        }
    }
    close(fd);
    return n;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(a, b);
}

int main(void)
{
    static const char *const spool[] = { "spool", "spool/job-1", "spool/job-2", "spool/job-3" };
    char names[MAX_JOBS][NAME_MAX_JOB];
    int n;

    if (mkdir(spool[0], 0700) != 0)
        return perror(spool[0]), 1;
    for (int i = 1; i < 4; i++)
        close(open(spool[i], O_CREAT | O_WRONLY, 0600));
    n = list_jobs(spool[0], names, MAX_JOBS);
    if (n < 0)
        return perror(spool[0]), 1;
    qsort(names, (size_t)n, sizeof names[0], by_name);
    printf("%d jobs:", n);
    for (int i = 0; i < n; i++) {
        for (char *c = names[i]; *c; c++)
            if (*c < ' ' || *c > '~')
                *c = '?';       /* a misread name is garbage: keep the log readable */
        printf(" %s", names[i]);
    }
    printf("\n");
    return 0;
}
