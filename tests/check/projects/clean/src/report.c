#include <inttypes.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>
#include "planted.h"

/* off_t and time_t are 64-bit everywhere but 'long' only on LP64: print them as
   intmax_t. */
void report_file(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return;
    printf("%s: %jd bytes\n", path, (intmax_t)st.st_size);
    printf("modified at %jd\n", (intmax_t)st.st_mtime);
}

void report_total(uint64_t total)
{
    printf("total %" PRIu64 "\n", total);
}
