/* A localedef in miniature, called the way libc-package calls localedef at
 * build time:
 *   x32-run -L TREE -E LD_LIBRARY_PATH=... -r 5.15 TREE/bin/mklocale --prefix=TREE \
 *       --inputfile=/usr/share/i18n/locales/NAME OUTNAME
 * The input is found by absolute path under -L (or under $I18NPATH when set);
 * the output is a binary table whose layout follows the target's types, as
 * glibc's LC_* files do, written to PREFIX/usr/lib/locale/OUTNAME/LC_TEST. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct entry {           /* on x32: 4 + 4 + 8 = 16 bytes; on x86-64: 24 */
    long key_hash;
    const char *unused;  /* pointer-sized, as glibc's tables hold offsets and pointers */
    int64_t value;
};

int main(int argc, char **argv)
{
    const char *prefix = 0, *input = 0, *name = 0;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--prefix=", 9) == 0)
            prefix = argv[i] + 9;
        else if (strncmp(argv[i], "--inputfile=", 12) == 0)
            input = argv[i] + 12;
        else if (argv[i][0] != '-')
            name = argv[i];
    }
    if (!prefix || !input || !name) {
        fprintf(stderr, "usage: mklocale --prefix=DIR --inputfile=FILE NAME\n");
        return 2;
    }
    char path[4096];
    const char *i18n = getenv("I18NPATH");
    if (i18n && input[0] != '/')
        snprintf(path, sizeof path, "%s/locales/%s", i18n, input);
    else
        snprintf(path, sizeof path, "%s", input);
    FILE *in = fopen(path, "r");
    if (!in) {
        fprintf(stderr, "mklocale: %s: %s\n", path, strerror(errno));
        return 1;
    }
    struct entry table[64];
    int n = 0;
    char key[64];
    long long value;
    while (n < 64 && fscanf(in, "%63s %lld", key, &value) == 2) {
        long h = 5381;
        for (char *k = key; *k; k++)
            h = h * 33 + *k;
        table[n].key_hash = h;
        table[n].unused = 0;
        table[n].value = value;
        n++;
    }
    fclose(in);
    char dir[4096], out[4200];
    snprintf(dir, sizeof dir, "%s/usr/lib/locale/%s", prefix, name);
    char *p = dir + strlen(prefix) + 1;
    for (; (p = strchr(p, '/')); *p++ = '/') {
        *p = 0;
        mkdir(dir, 0755);
    }
    mkdir(dir, 0755);
    snprintf(out, sizeof out, "%s/LC_TEST", dir);
    FILE *f = fopen(out, "wb");
    uint32_t header[3] = {0x4c435431u, (uint32_t)n, (uint32_t)sizeof(struct entry)};
    if (!f || fwrite(header, sizeof header, 1, f) != 1 ||
        fwrite(table, sizeof table[0], (size_t)n, f) != (size_t)n || fclose(f) != 0) {
        fprintf(stderr, "mklocale: %s: %s\n", out, strerror(errno));
        return 1;
    }
    printf("mklocale: %d entries of %zu bytes\n", n, sizeof(struct entry));
    return 0;
}
