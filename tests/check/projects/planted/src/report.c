#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>
#include "planted.h"

/* Prints a file's size and modification time: %ld is right on LP64 only by accident. */
void report_file(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return;
    printf("%s: %ld bytes\n", path, st.st_size); /* expect-x32: class 1 */
    printf("modified at %ld\n", st.st_mtime); /* expect-x32: class 1 */
}

void report_total(uint64_t total)
{
    printf("total %lu\n", total); /* expect-x32: class 6 */
}
