/* Which SDK a program is part of (host.h): read from the prefix it was started
 * from, so that a moved or unpacked prefix still says which SDK it is.  Shared
 * by x32-run and x32-vm (vm/Makefile compiles this file too). */
#include "host/host.h"
#include "base/self_path.h"
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The top-level string field NAME of build-info.json (open as F) into OUT; 0 when
 * it has none.  build.sh writes sdk_version, commit and key each on a line of its
 * own, two spaces in (the steps' own "key" fields are deeper: lib/finish.sh,
 * info_field), so matching that line is all the parsing needed. */
static int build_info_field(FILE *f, const char *name, char *out, size_t cap)
{
    char line[512], want[64];
    int wl = snprintf(want, sizeof want, "  \"%s\": \"", name);
    rewind(f);
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, want, wl) != 0)
            continue;
        const char *v = line + wl, *end = strchr(v, '"');
        if (!end || (size_t)(end - v) >= cap)
            return 0;
        memcpy(out, v, end - v);
        out[end - v] = 0;
        return 1;
    }
    return 0;
}

void print_sdk_version(const char *program, const char *version)
{
    char self[PATH_MAX], path[PATH_MAX + 64];
    char sdk[64] = "unknown", commit[64] = "unknown", key[64] = "unknown";
    FILE *f = NULL;
    if (runner_path()) {
        snprintf(self, sizeof self, "%s", runner_path());
        char *slash = strrchr(self, '/');
        if (slash) {
            *slash = 0;
            snprintf(path, sizeof path, "%s/../share/x32-sdk/build-info.json", self);
            f = fopen(path, "r");
        }
    }
    if (!f) {
        printf("%s %s (not part of a built SDK)\n", program, version);
        return;
    }
    build_info_field(f, "sdk_version", sdk, sizeof sdk);
    build_info_field(f, "commit", commit, sizeof commit);
    build_info_field(f, "key", key, sizeof key);
    fclose(f);
    printf("%s %s (x32-sdk %s, commit %s, key %s)\n", program, version, sdk, commit, key);
}
