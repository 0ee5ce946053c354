/* io_getdents_many: readdir returns every entry of a directory holding
 * 1000 files (several getdents64 calls), with names and types intact. */
#include "check.h"
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>

int main(void)
{
    REQUIRE_SYS(mkdir("many", 0755) == 0 || errno == EEXIST ? 0 : -1);
    for (int i = 0; i < 1000; i++) {
        char name[64];
        snprintf(name, sizeof name, "many/entry-with-a-longish-name-%04d", i);
        int fd = open(name, O_WRONLY | O_CREAT, 0600);
        REQUIRE_SYS(fd);
        close(fd);
    }
    static char seen[1000];
    DIR *d = opendir("many");
    REQUIRE(d != NULL);
    struct dirent *e;
    int total = 0, dots = 0;
    while ((e = readdir(d)) != NULL) {
        int n;
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) {
            dots++;
            CHECK_EQ(e->d_type, DT_DIR);
            continue;
        }
        if (sscanf(e->d_name, "entry-with-a-longish-name-%d", &n) == 1 && n >= 0 && n < 1000) {
            seen[n]++;
            CHECK_EQ(e->d_type, DT_REG);
        }
        total++;
    }
    closedir(d);
    CHECK_EQ(total, 1000);
    CHECK_EQ(dots, 2);
    for (int i = 0; i < 1000; i++)
        if (seen[i] != 1)
            CHECK_EQ(i * 10 + seen[i], i * 10 + 1);
    return check_done();
}
