#include <stdio.h>
#include "planted.h"

int save_records(const char *path, const struct record *r, size_t n)
{
    FILE *f = fopen(path, "wb");
    struct header h = { 0x52454331u, 0, n };
    if (!f)
        return -1;
    fwrite(&h, sizeof h, 1, f);
    fwrite(r, sizeof(struct record), n, f);
    return fclose(f);
}

int load_first(const char *path, struct record *out)
{
    FILE *f = fopen(path, "rb");
    struct header h;
    int ok;
    if (!f)
        return -1;
    ok = fread(&h, sizeof h, 1, f) == 1 && fread(out, sizeof *out, 1, f) == 1;
    fclose(f);
    return ok ? 0 : -1;
}
