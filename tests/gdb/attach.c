/* A program for gdb's `attach` and `run`: `spin` busy-waits in its own code
 * until gdb sets `released`; `read` blocks in read(0) (the attach must not
 * turn that into EINTR); otherwise it prints its arguments and exits with
 * their count, for `run` with arguments and a restart. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

volatile int released;
volatile long spins;

int count_args(int argc) { return argc - 1; }

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "spin") == 0) {
        printf("ready %d\n", (int)getpid());
        fflush(stdout);
        while (!released)
            spins++;
        printf("released, sizeof(long)=%zu\n", sizeof(long));
        return 21;
    }
    if (argc == 2 && strcmp(argv[1], "read") == 0) {
        char c = 0;
        printf("ready %d\n", (int)getpid());
        fflush(stdout);
        ssize_t n = read(0, &c, 1);
        printf("read %zd '%c'\n", n, c);
        return 22;
    }
    for (int i = 1; i < argc; i++)
        printf("arg%d=[%s]\n", i, argv[i]);
    return count_args(argc);
}
