/* An x86-64 LD_PRELOAD never reaches an x32 program.  Under bitbake, pseudo's
 * libpseudo.so is in LD_PRELOAD for every command (PSEUDO_UNLOAD=1 only keeps it
 * out of the next exec of a dynamic program; x32-run is static, so it never had
 * pseudo in it), and the x32 ld.so would print "wrong ELF class: ELFCLASS64"
 * for each such entry on every start, into output OE may parse.  QEMU's guest
 * loader ignores the host's preload the same way.  The removed entries come back
 * for native programs the x32 program execs, so pseudo still sees those. */
#include "loader/elf_parse.h"
#include "front/qemu_options.h"
#include "base/util.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PRELOAD "LD_PRELOAD="
#define STASH "X32_RUN_NATIVE_PRELOAD="

static const char *value_of(char **envp, const char *var_eq)
{
    for (; envp && *envp; envp++)
        if (str_starts(*envp, var_eq))
            return *envp + str_len(var_eq);
    return 0;
}

/* Is the file an ELF object that is not x32?  Entries that cannot be read, or
 * bare names ld.so finds in its own directories, are left to ld.so.  Under -L
 * the x32 ld.so would open ROOTFS/entry first, so that is what is judged. */
static int foreign_elf(const char *entry, size_t len)
{
    char path[4096];
    if (len == 0 || len >= 2048 || !memchr(entry, '/', len))
        return 0;
    int fd = -1;
    if (entry[0] == '/' && qemu_rootfs()) {
        snprintf(path, sizeof path, "%s%.*s", qemu_rootfs(), (int)len, entry);
        fd = open(path, O_RDONLY | O_CLOEXEC);
    }
    if (fd < 0) {
        snprintf(path, sizeof path, "%.*s", (int)len, entry);
        fd = open(path, O_RDONLY | O_CLOEXEC);
    }
    if (fd < 0)
        return 0;
    unsigned char hdr[64];
    ssize_t n = pread(fd, hdr, sizeof hdr, 0);
    close(fd);
    if (n <= 0)
        return 0;
    enum elf_kind kind = elf_classify(hdr, (size_t)n);
    return kind == ELF_KIND_X86_64 || kind == ELF_KIND_I386 || kind == ELF_KIND_OTHER_ELF;
}

static void append_entry(char *dst, const char *entry, size_t len, size_t *at)
{
    if (*at && dst[*at - 1] != '=')
        dst[(*at)++] = ':';
    memcpy(dst + *at, entry, len);
    *at += len;
    dst[*at] = 0;
}

char **qemu_filter_preload(char **envp)
{
    const char *list = value_of(envp, PRELOAD);
    if (!list || !*list)
        return envp;
    size_t cap = str_len(list) + sizeof STASH + sizeof PRELOAD;
    char *kept = malloc(cap), *dropped = malloc(cap);
    if (!kept || !dropped)
        return envp;
    size_t nk = str_len(PRELOAD), nd = str_len(STASH);
    memcpy(kept, PRELOAD, nk + 1);
    memcpy(dropped, STASH, nd + 1);
    /* ld.so separates LD_PRELOAD entries with ':' or white space. */
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ": \t");
        if (len && foreign_elf(p, len))
            append_entry(dropped, p, len, &nd);
        else if (len)
            append_entry(kept, p, len, &nk);
        p += len;
        p += strspn(p, ": \t");
    }
    if (nd == str_len(STASH))
        return envp; /* nothing foreign: the guest sees LD_PRELOAD as it was */
    size_t n = 0;
    while (envp[n])
        n++;
    char **out = calloc(n + 2, sizeof *out);
    if (!out)
        return envp;
    size_t w = 0;
    for (size_t r = 0; r < n; r++) {
        if (str_starts(envp[r], STASH))
            continue;
        if (str_starts(envp[r], PRELOAD)) {
            if (nk > str_len(PRELOAD))
                out[w++] = kept; /* x32 entries stay; an empty list is dropped */
            continue;
        }
        out[w++] = envp[r];
    }
    out[w++] = dropped;
    out[w] = 0;
    debug_log("LD_PRELOAD: kept out of the x32 program: %s", dropped + str_len(STASH));
    return out;
}

void qemu_env_for_native(char **envp, char *buf, size_t cap)
{
    /* The stash is the x32 side's memory only: a native child gets LD_PRELOAD back
     * (or not) and no stash, so a later x32-run judges its own caller afresh and a
     * stale stash never brings back a library someone removed since. */
    const char *stash = 0;
    size_t n = 0;
    for (size_t r = 0; envp[r]; r++) {
        if (str_starts(envp[r], STASH)) {
            if (!stash)
                stash = envp[r] + str_len(STASH);
            continue;
        }
        envp[n++] = envp[r];
    }
    envp[n] = 0;
    /* PSEUDO_UNLOAD asks for pseudo to stay out of this command's children. */
    if (!stash || !*stash || value_of(envp, "PSEUDO_UNLOAD="))
        return;
    size_t at = (size_t)-1;
    for (size_t i = 0; i < n; i++)
        if (str_starts(envp[i], PRELOAD)) {
            at = i;
            break;
        }
    const char *old = at == (size_t)-1 ? 0 : envp[at] + str_len(PRELOAD);
    str_copy(buf, cap, PRELOAD);
    str_cat(buf, cap, stash);
    if (old && *old) {
        str_cat(buf, cap, ":");
        if (str_cat(buf, cap, old) >= cap)
            return; /* too long: leave the guest's value alone */
    }
    if (at != (size_t)-1) {
        envp[at] = buf;
    } else {
        envp[n] = buf;
        envp[n + 1] = 0;
    }
}
