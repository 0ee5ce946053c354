/* A program for gdb's `attach` and `run`: `spin` busy-waits in its own code
 * until gdb sets `released`; `read` blocks in read(0) (the attach must not
 * turn that into EINTR); `site` reads 5 bytes through one system-call site
 * that x32-run's rewrite fast path can patch, then blocks there (inside the
 * fast path's hook once the site is rewritten); otherwise it prints its
 * arguments and exits with their count, for `run` with arguments and a
 * restart. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* read(2) with its `mov $nr,%eax` in one aligned 8-byte word right before
 * the `syscall`: the form x32-run rewrites.  xmm8 holds a known value across
 * the call, for gdb to read back and change; its low half after the call goes
 * to site_xmm8_after. */
extern unsigned char read_site[];
unsigned long long site_xmm8_after;
long site_read(int fd, void *buf, long n);
__asm__(".pushsection .text\n" /* popped below: the compiler's own section stays */
        ".p2align 4\n"
        ".globl site_read\n"
        ".type site_read, @function\n"
        "site_read:\n"
        "  .cfi_startproc\n"
        "  movabsq $0x5832726561647878, %rax\n"
        "  movq %rax, %xmm8\n"
        "  .p2align 3\n"
        ".globl read_site\n"
        "read_site:\n"
        "  movl $0x40000000, %eax\n" /* x32 read */
        "  syscall\n"
        "  movq %xmm8, site_xmm8_after(%rip)\n"
        "  ret\n"
        "  .cfi_endproc\n"
        ".size site_read, .-site_read\n"
        ".popsection\n");

volatile int released;
volatile long spins;

int count_args(int argc) { return argc - 1; }

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "spin") == 0) {
        printf("ready %d\n", (int)getpid());
        fflush(stdout);
        while (!released)
            if (spins < 1000000000) /* a 32-bit long: never wrap to negative */
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
    if (argc == 2 && strcmp(argv[1], "site") == 0) {
        char c = 0;
        for (int i = 0; i < 5; i++)
            if (site_read(0, &c, 1) != 1)
                return 1;
        printf("ready %d\n", (int)getpid());
        fflush(stdout);
        long n = site_read(0, &c, 1);
        printf("read %ld '%c' site %02x xmm8 %llx\n", n, c, read_site[0], site_xmm8_after);
        return 23;
    }
    for (int i = 1; i < argc; i++)
        printf("arg%d=[%s]\n", i, argv[i]);
    return count_args(argc);
}
