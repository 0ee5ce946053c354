/* seccomp_mode.c: print this process's seccomp mode (0 none, 2 filter) from
 * /proc/self/status, so the driver can tell that X32_RUN_TRAP=seccomp really
 * switched the runner to its seccomp trap rather than being ignored. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];

    if (f == NULL) {
        perror("seccomp_mode: /proc/self/status");
        return 1;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "Seccomp:", 8) == 0) {
            fputs(line + 8 + strspn(line + 8, " \t"), stdout);
            return 0;
        }
    }
    fputs("seccomp_mode: no Seccomp line in /proc/self/status\n", stderr);
    return 1;
}
