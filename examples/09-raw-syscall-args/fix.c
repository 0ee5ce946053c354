/*
 * The same raw-syscall wrappers with the kernel's argument types: lseek's
 * offset is an off_t, which is 64-bit on x86-64 and x32 alike, so it fills
 * its register whatever `long` is. The rule for syscall(2) on x32: pass
 * 64-bit kernel values (offsets, lengths of __kernel_long_t, u64 flags) as
 * 64-bit C types; a `long` there is only 32 bits wide.
 * (On i386 a 64-bit offset takes two registers and needs _llseek: raw
 * syscalls are per-ABI code in any case.)
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define TAIL_BYTES 64

static off_t sys_lseek(int fd, off_t offset, int whence)
{
    return (off_t)syscall(SYS_lseek, fd, offset, whence);
}

static long sys_read(int fd, void *buf, size_t len)
{
    return syscall(SYS_read, fd, buf, len);
}

/* The last TAIL_BYTES bytes of the log, or "" if the seek went wrong. */
static void log_tail(int fd, char *out, size_t outlen)
{
    off_t pos = sys_lseek(fd, -TAIL_BYTES, SEEK_END);
    long got;

    printf("seek to end-%d: position %lld\n", TAIL_BYTES, (long long)pos);
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
