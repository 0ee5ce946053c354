/* tests/toolchain's libc-from-sysroot: under x32-run, the C library a dynamic x32
 * program gets is the SDK sysroot's, whichever of glibc's two folders ld.so asks for.
 * ld.so reads the host's /etc/ld.so.cache, which on a host with Debian's libc6-x32
 * names /usr/libx32/libc.so.6; the sysroot keeps it in /libx32. Both names must reach
 * the sysroot's one file (on Debian testing the host's libc 2.42 was loaded beside the
 * sysroot's ld.so 2.36). Prints the two files' real paths, one a line. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static int show(const char *path)
{
    char link[64], real[4096];
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        printf("%s: cannot open\n", path);
        return 1;
    }
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, real, sizeof real - 1);
    real[n > 0 ? n : 0] = 0;
    printf("%s\n", real);
    close(fd);
    return 0;
}

int main(void)
{
    return show("/libx32/libc.so.6") | show("/usr/libx32/libc.so.6");
}
