/*
 * A crash reporter attaches the tail of the service's log. It runs from a
 * signal handler in a process that may have a broken libc state, so it
 * talks to the kernel through its own thin raw-syscall wrappers, written
 * with `long` arguments "because syscall arguments are longs".
 *
 * On x32 `long` is 32-bit but the kernel's lseek offset is a 64-bit
 * register. A negative 32-bit long is passed zero-extended
 * (0x00000000fffffc00), which the kernel reads as +4 GiB - 1024.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define TAIL_BYTES 64

static long sys_lseek(int fd, long offset, int whence)
{
    return syscall(SYS_lseek, fd, offset, whence);
}

static long sys_read(int fd, void *buf, unsigned long len)
{
    return syscall(SYS_read, fd, buf, len);
}

/* The last TAIL_BYTES bytes of the log, or "" if the seek went wrong. */
static void log_tail(int fd, char *out, size_t outlen)
{
    long pos = sys_lseek(fd, -TAIL_BYTES, SEEK_END);
    long got;

    printf("seek to end-%d: position %ld\n", TAIL_BYTES, pos);
    got = pos < 0 ? -1 : sys_read(fd, out, outlen - 1);
    out[got > 0 ? got : 0] = '\0';
}

int main(void)
{
    char tail[TAIL_BYTES + 1];
    int fd = open("service.log", O_CREAT | O_TRUNC | O_RDWR, 0600);

    if (fd < 0)
        return perror("service.log"), 1;
    for (int i = 1; i <= 100; i++)
        dprintf(fd, "%04d request served in %d ms\n", i, i % 7);
    log_tail(fd, tail, sizeof tail);
    printf("attached tail: [%s]\n", strchr(tail, '\n') ? strchr(tail, '\n') + 1 : tail);
    close(fd);
    return 0;
}
