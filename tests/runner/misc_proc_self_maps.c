/* misc_proc_self_maps: /proc/self/maps lists only this ABI's address space
 * (for x32: every mapping ends at or below TASK_SIZE = 0xffffe000, as tools
 * like ASan expect) and includes this program's own code and stack. */
#include "check.h"

int main(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    REQUIRE(f != NULL);
    char line[512];
    int lines = 0, above = 0, has_code = 0, has_stack = 0;
    unsigned long long code = (uintptr_t)&main;
    int local;
    unsigned long long stack = (uintptr_t)&local;
    while (fgets(line, sizeof line, f)) {
        unsigned long long lo, hi;
        if (sscanf(line, "%llx-%llx", &lo, &hi) != 2)
            continue;
        lines++;
        if (IS_X32 && (hi > 0xffffe000ULL || lo >= hi)) {
            if (above++ < 3)
                fprintf(stderr, "  outside x32 space: %s", line);
        }
        if (code >= lo && code < hi && strstr(line, "misc_proc_self_maps"))
            has_code = 1;
        if (stack >= lo && stack < hi)
            has_stack = 1;
    }
    fclose(f);
    CHECK(lines > 3);
    CHECK_EQ(above, 0);
    CHECK(has_code);
    CHECK(has_stack);
    return check_done();
}
