/* x32-run --register: tell binfmt_misc to hand x32 ELF files to us, as
 * qemu-user-static does.  Flags: P keeps argv[0], O opens the binary for us
 * (so unreadable-but-executable files work), F pins this runner binary so it
 * also works inside containers and chroots. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The registration line for binfmt_misc: entry NAME runs x32 ELF files with
 * INTERP.  Also used by x32-run --tree inside a private user namespace. */
int binfmt_rule(char *buf, size_t cap, const char *name, const char *interp)
{
    /* e_ident: ELF, ELFCLASS32, little-endian, version 1; e_type EXEC or DYN
     * (mask 0xfffe); e_machine EM_X86_64 (0x3e) at offset 18. */
    static const char magic[] =
        "\\x7fELF\\x01\\x01\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x02\\x00\\x3e\\x00";
    static const char mask[] =
        "\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\xfe\\xff\\xff\\xff";
    int n = snprintf(buf, cap, ":%s:M::%s:%s:%s:POF", name, magic, mask, interp);
    return n > 0 && (size_t)n < cap ? n : -1;
}

int register_binfmt(void)
{
    char self[4096], rule[4096 + 256];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        fprintf(stderr, "x32-run: cannot find my own path\n");
        return 1;
    }
    self[n] = 0;
    if (binfmt_rule(rule, sizeof rule, "x32", self) < 0) {
        fprintf(stderr, "x32-run: my path is too long for binfmt_misc: %s\n", self);
        return 1;
    }
    const char *reg = "/proc/sys/fs/binfmt_misc/register";
    FILE *f = fopen(reg, "w");
    if (!f) {
        fprintf(stderr, "x32-run: cannot open %s: %s (needs root and a mounted binfmt_misc)\n",
                reg, strerror(errno));
        return 1;
    }
    fputs(rule, f);
    if (fclose(f) != 0) {
        fprintf(stderr, "x32-run: registering failed: %s (already registered? "
                "echo -1 > /proc/sys/fs/binfmt_misc/x32)\n", strerror(errno));
        return 1;
    }
    printf("registered %s for x32 ELF programs\n", self);
    return 0;
}
