/*
 * A job runner lists its spool directory between fork() and exec(), where
 * only async-signal-safe calls are allowed: no opendir (it mallocs), so it
 * reads the directory with the raw getdents system call and declares the
 * kernel's record by hand, as the kernel source and man pages show it.
 *
 * The kernel's `unsigned long` is 64-bit for x32 processes too; the hand
 * declaration's `unsigned long` is 32-bit there, so every field after the
 * first is read from the wrong offset.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

struct linux_dirent {
    unsigned long  d_ino;
    unsigned long  d_off;
    unsigned short d_reclen;
    char           d_name[];
};

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
        long got = syscall(SYS_getdents, fd, buf, sizeof buf);

        if (got <= 0)
            break;
        for (long pos = 0; pos < got;) {
            const struct linux_dirent *d = (const struct linux_dirent *)(buf + pos);

            if ((size_t)d->d_reclen < offsetof(struct linux_dirent, d_name) + 2 || d->d_reclen > got - pos) {
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
