/* A cache generator in the manner of fc-cache, gio-querymodules or
 * gdk-pixbuf-query-loaders, as an OpenEmbedded postinst intercept runs it:
 *   qemuwrapper -L $D $D/usr/bin/cachegen $D/usr/share/cachegen $D/var/cache/cachegen/index
 * It reads its configuration by a compiled-in absolute path (/etc/cachegen.conf,
 * which only the target rootfs has: -L must find it), scans the data directory
 * given, and writes the cache through a temporary file and rename(), like the
 * real ones.  The cache records x32's sizes, so an x86-64 build differs.
 * With one argument it takes gio-querymodules' form, as OpenEmbedded's
 * update_gio_module_cache intercept calls it: the directory scanned is the
 * one the cache (giomodule.cache) is written in. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

static uint32_t fnv1a(FILE *f, long *size)
{
    uint32_t h = 2166136261u;
    int c;
    *size = 0;
    while ((c = getc(f)) != EOF) {
        h = (h ^ (uint32_t)c) * 16777619u;
        ++*size;
    }
    return h;
}

static int has_suffix(const char *name, const char *suffix)
{
    size_t a = strlen(name), b = strlen(suffix);
    return a >= b && strcmp(name + a - b, suffix) == 0;
}

int main(int argc, char **argv)
{
    char cache[4096];
    if (argc == 2) {
        snprintf(cache, sizeof cache, "%s/giomodule.cache", argv[1]);
    } else if (argc == 3) {
        snprintf(cache, sizeof cache, "%s", argv[2]);
    } else {
        fprintf(stderr, "usage: cachegen DATADIR CACHEFILE, or cachegen MODULEDIR\n");
        return 2;
    }
    char suffix[64] = "";
    FILE *conf = fopen("/etc/cachegen.conf", "r");
    if (!conf || fscanf(conf, "suffix=%63s", suffix) != 1) {
        perror("cachegen: /etc/cachegen.conf");
        return 1;
    }
    fclose(conf);
    struct dirent **names;
    int n = scandir(argv[1], &names, 0, alphasort);
    if (n < 0) {
        perror(argv[1]);
        return 1;
    }
    char tmp[sizeof cache + 8];
    snprintf(tmp, sizeof tmp, "%s.tmp", cache);
    FILE *out = fopen(tmp, "w");
    if (!out) {
        perror(tmp);
        return 1;
    }
    fprintf(out, "cachegen 1 long=%zu ptr=%zu suffix=%s\n", sizeof(long), sizeof(void *), suffix);
    for (int i = 0; i < n; i++) {
        char path[4096];
        long size;
        if (!has_suffix(names[i]->d_name, suffix))
            continue;
        snprintf(path, sizeof path, "%s/%s", argv[1], names[i]->d_name);
        FILE *f = fopen(path, "r");
        if (!f) {
            perror(path);
            return 1;
        }
        uint32_t h = fnv1a(f, &size);
        fclose(f);
        fprintf(out, "%s %ld %08x\n", names[i]->d_name, size, h);
    }
    if (fclose(out) != 0 || rename(tmp, cache) != 0) {
        perror(cache);
        return 1;
    }
    struct utsname u;
    uname(&u);
    printf("cachegen: %s written on release %s\n", cache, u.release);
    return 0;
}
