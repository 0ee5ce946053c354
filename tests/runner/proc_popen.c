/* proc_popen: popen reads a command's output and writes its input;
 * pclose returns the status. */
#include "check.h"

int main(void)
{
    FILE *p = popen("echo first; echo second", "r");
    REQUIRE(p != NULL);
    char line[64];
    CHECK(fgets(line, sizeof line, p) != NULL);
    CHECK_STR(line, "first\n");
    CHECK(fgets(line, sizeof line, p) != NULL);
    CHECK_STR(line, "second\n");
    CHECK(fgets(line, sizeof line, p) == NULL);
    CHECK_EXITED(pclose(p), 0);

    p = popen("cat > popen.out; exit 3", "w");
    REQUIRE(p != NULL);
    for (int i = 0; i < 1000; i++)
        fprintf(p, "line %d\n", i);
    CHECK_EXITED(pclose(p), 3);
    FILE *f = fopen("popen.out", "r");
    REQUIRE(f != NULL);
    int count = 0;
    while (fgets(line, sizeof line, f))
        count++;
    fclose(f);
    CHECK_EQ(count, 1000);

    /* A big output through the pipe. */
    p = popen("i=0; while [ $i -lt 2000 ]; do echo 0123456789abcdef; i=$((i+1)); done", "r");
    REQUIRE(p != NULL);
    size_t total = 0, n;
    char buf[4096];
    while ((n = fread(buf, 1, sizeof buf, p)) > 0)
        total += n;
    CHECK_EXITED(pclose(p), 0);
    CHECK_EQ(total, 2000 * 17);
    return check_done();
}
