/* dlopen/dlsym of an x32 shared object found beside the program. */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    (void)argc;
    char path[4096];
    const char *slash = strrchr(argv[0], '/');
    int dir = slash ? (int)(slash - argv[0]) : 1;
    snprintf(path, sizeof path, "%.*s/plugin.so", dir, slash ? argv[0] : ".");
    void *h = dlopen(path, RTLD_NOW);
    if (!h) { fprintf(stderr, "dlopen: %s\n", dlerror()); return 1; }
    long (*scale)(long) = (long (*)(long))dlsym(h, "plugin_scale");
    if (!scale) { fprintf(stderr, "dlsym: %s\n", dlerror()); return 2; }
    long r = scale(10);
    printf("plugin_scale(10) = %ld\n", r);
    dlclose(h);
    return r == 40 ? 0 : 3;
}
