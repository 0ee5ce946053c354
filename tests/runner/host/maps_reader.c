/* tests/runner/trap-path.sh's maps_reader_parses_the_file: runner/src/base/maps.c,
 * linked into a host program, reads this process's /proc/self/maps.  It prints the
 * file as read at once, a "--" line, what maps_each_text parsed from that copy
 * ("start end perms offset major minor inode name", hex but inode), another "--",
 * and what the streaming maps_each parsed; the script holds the parses against
 * awk's reading of the copy, and the stream against the copy. */
#include "base/maps.h"
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static char text[1 << 20];

static int show(const struct maps_line *l, void *arg)
{
    (void)arg;
    printf("%lx %lx %s %lx %x %x %lu %s\n", (unsigned long)l->start, (unsigned long)l->end,
           l->perms, (unsigned long)l->offset, l->dev_major, l->dev_minor,
           (unsigned long)l->inode, l->name);
    return 0;
}

int main(void)
{
    int fd = open("/proc/self/maps", O_RDONLY);
    size_t len = 0;
    ssize_t n;
    while (fd >= 0 && (n = read(fd, text + len, sizeof text - 1 - len)) > 0)
        len += (size_t)n;
    text[len] = 0;
    fputs(text, stdout);
    puts("--");
    maps_each_text(text, show, 0);
    puts("--");
    fflush(stdout);
    return maps_each(show, 0) < 0;
}
