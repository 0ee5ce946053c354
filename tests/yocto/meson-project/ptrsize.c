/* meson test's program: passes only as x32 (argv[1] is the expected pointer
 * size) and only when the rootfs-only /etc/cachegen.conf is visible (-L). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int want = argc > 1 ? atoi(argv[1]) : 0;
    if ((int)sizeof(void *) != want) {
        printf("pointer size %zu, expected %d\n", sizeof(void *), want);
        return 1;
    }
    if (access("/etc/cachegen.conf", R_OK) != 0) {
        printf("/etc/cachegen.conf not visible: -L did not apply\n");
        return 1;
    }
    printf("x32 under the exe wrapper\n");
    return 0;
}
