/* libFuzzer harness for parse_shebang (src/loader/elf_parse.c), which splits the
 * "#!interp [arg]" line of a script the guest execs.  The input is the file's
 * first bytes; as the callers do, it is given with a NUL after them, and only
 * when it starts with "#!".  Checks the promises the exec paths rely on. */
#include "loader/elf_parse.h"
#include <stdlib.h>
#include <string.h>

static int blank(char c) { return c == ' ' || c == '\t'; }

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    /* The callers read at most 256 bytes (the kernel's BINPRM_BUF_SIZE) into
     * a buffer one byte longer, and call it only for "#!" files. */
    if (size < 2 || data[0] != '#' || data[1] != '!')
        return 0;
    long len = size > 256 ? 256 : (long)size;
    char *hdr = malloc((size_t)len + 1);
    memcpy(hdr, data, (size_t)len);
    hdr[len] = 0;
    if (elf_classify((const unsigned char *)hdr, (size_t)len) != ELF_KIND_SCRIPT)
        abort();
    char *interp = 0, *arg = 0;
    if (parse_shebang(hdr, len, &interp, &arg) == 0) {
        /* The interpreter: non-empty, inside the line, no blanks or newline. */
        if (!interp || interp < hdr + 2 || interp >= hdr + len || !*interp)
            abort();
        for (const char *p = interp; *p; p++)
            if (blank(*p) || *p == '\n' || p >= hdr + len)
                abort();
        /* The argument: inside the line, no leading or trailing blank, no newline. */
        if (arg) {
            if (arg <= interp || arg >= hdr + len || !*arg || blank(arg[0]))
                abort();
            size_t n = strlen(arg);
            if (arg + n > hdr + len || blank(arg[n - 1]) || memchr(arg, '\n', n))
                abort();
        }
    }
    free(hdr);
    return 0;
}
