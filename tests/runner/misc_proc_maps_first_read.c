/* misc_proc_maps_first_read: /proc/self/maps, smaps and numa_maps list what is
 * mapped when the file is first read, not when it was opened: the kernel
 * writes their text at the first read.  musl's fopen opens the file and then
 * mallocs its FILE, so a maps file read through stdio showed a heap that was
 * not there any more in x32-run's copy, written at open.  Also: a dup or a
 * fork shares the file and its text; a closed one leaves nothing behind. */
#include "check.h"
#include <fcntl.h>
#include <sys/mman.h>

static char text[256 * 1024];

/* Reads fd from where it is to the end into text; the length. */
static size_t slurp(int fd)
{
    size_t have = 0;
    ssize_t n;
    while ((n = read(fd, text + have, sizeof text - 1 - have)) > 0)
        have += (size_t)n;
    text[have] = 0;
    return have;
}

/* Whether text has a line for a mapping starting at p ("start-end ..." in
 * maps and smaps, "start policy ..." in numa_maps). */
static int lists(const void *p)
{
    char start[32];
    size_t n = (size_t)snprintf(start, sizeof start, "%08lx", (unsigned long)(uintptr_t)p);
    for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : 0)
        if (strncmp(l, start, n) == 0 && (l[n] == '-' || l[n] == ' '))
            return 1;
    return 0;
}

static void *map_pages(int n)
{
    void *p = mmap(NULL, (size_t)n * 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(p != MAP_FAILED);
    return p;
}

int main(void)
{
    const char *files[] = {"/proc/self/maps", "/proc/self/smaps", "/proc/self/numa_maps"};
    for (int i = 0; i < 3; i++) {
        int fd = open(files[i], O_RDONLY);
        if (fd < 0 && errno == ENOENT && i == 2)
            break; /* numa_maps: only on kernels built with NUMA */
        REQUIRE(fd >= 0);
        void *later = map_pages(3 + i); /* after the open, before the read */
        CHECK(slurp(fd) > 0);
        if (!CHECK(lists(later)))
            fprintf(stderr, "  %s: no line for %p, mapped after the open\n", files[i], later);
        close(fd);
        munmap(later, (size_t)(3 + i) * 4096);
    }

    /* A dup shares the open file: its text is the one of the first read. */
    int fd = open("/proc/self/maps", O_RDONLY);
    REQUIRE(fd >= 0);
    int twin = dup(fd);
    REQUIRE(twin >= 0);
    void *later = map_pages(7);
    CHECK(slurp(twin) > 0);
    CHECK(lists(later));
    CHECK_EQ(lseek(fd, 0, SEEK_CUR), lseek(twin, 0, SEEK_CUR)); /* one offset */
    close(fd);
    close(twin);
    munmap(later, 7 * 4096);

    /* A file opened and closed unread, then a new one under the same number. */
    fd = open("/proc/self/maps", O_RDONLY);
    REQUIRE(fd >= 0);
    close(fd);
    int again = open("/proc/self/maps", O_RDONLY);
    REQUIRE(again >= 0);
    later = map_pages(9);
    CHECK(slurp(again) > 0);
    CHECK(lists(later));
    close(again);

    /* Read through stdio, as musl's fopen does it (open, then malloc). */
    FILE *f = fopen("/proc/self/maps", "r");
    REQUIRE(f != NULL);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    CHECK(n > 0);
    CHECK(lists(later));
    munmap(later, 9 * 4096);
    return check_done();
}
