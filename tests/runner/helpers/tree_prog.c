/* tree_prog [--run PROGRAM ARGS...]: the x32 program of tests/runner/tree.sh.
 * Prints one line saying it ran as x32 and whether the tree's x86-64 preload
 * library reached it (it must not), then runs PROGRAM if asked; exits 7 when it
 * ran nothing else, so a test can tell its status from any shell's.  (As the
 * interpreter of a "#!" script it gets the script's name as its argument.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    const char *pre = getenv("LD_PRELOAD");
    printf("x32 ran (pointer %zu bytes, preload library %s)\n", sizeof(void *),
           pre && strstr(pre, "x32-exec-preload") ? "VISIBLE" : "not visible");
    fflush(stdout);
    if (argc > 2 && strcmp(argv[1], "--run") == 0) {
        execvp(argv[2], argv + 2);
        perror("tree_prog: execvp");
        return 127;
    }
    return 7;
}
