/* filesize FILE-OR-LENGTH: prints "size N" for a file, or for a sparse file it makes
 * of that length. Planted: off_t printed with %ld, right on LP64 only (class 1). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    char name[] = "/tmp/filesize.XXXXXX";
    int fd = mkstemp(name);
    if (fd < 0 || argc < 2)
        return 2;
    off_t length = strtoll(argv[1], NULL, 10);
    if (ftruncate(fd, length) != 0)
        return 2;
    struct stat st;
    if (fstat(fd, &st) != 0)
        return 2;
    printf("size %ld\n", st.st_size);
    close(fd);
    unlink(name);
    return 0;
}
