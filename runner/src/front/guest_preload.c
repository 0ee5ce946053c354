/* An x86-64 LD_PRELOAD never reaches an x32 program.  Under bitbake, pseudo's
 * libpseudo.so is in LD_PRELOAD for every command (PSEUDO_UNLOAD=1 only keeps it
 * out of the next exec of a dynamic program; x32-run is static, so it never had
 * pseudo in it), and the x32 ld.so would print "wrong ELF class: ELFCLASS64"
 * for each such entry on every start, into output OE may parse.  QEMU's guest
 * loader ignores the host's preload the same way.  The removed entries come back
 * for native programs the x32 program execs (syscalls/native_env.c), so pseudo
 * still sees those.  This half runs at start-up, with libc; it applies to every
 * x32 program, with or without QEMU's options. */
#include "front/guest_preload.h"
#include "base/preload_list.h"
#include "front/qemu_options.h"
#include "loader/loader.h"
#include "base/util.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

char **filter_foreign_preload(char **envp)
{
    const char *list = env_value(envp, PRELOAD_VAR);
    if (!list || !*list)
        return envp;
    size_t cap = str_len(list) + sizeof PRELOAD_STASH_VAR + sizeof PRELOAD_VAR;
    char *kept = malloc(cap), *dropped = malloc(cap);
    if (!kept || !dropped)
        return envp;
    size_t nk = str_len(PRELOAD_VAR), nd = str_len(PRELOAD_STASH_VAR);
    memcpy(kept, PRELOAD_VAR, nk + 1);
    memcpy(dropped, PRELOAD_STASH_VAR, nd + 1);
    size_t len;
    for (const char *e; (e = preload_next(&list, &len));) {
        if (foreign_elf(e, len))
            append_entry(dropped, e, len, &nd);
        else
            append_entry(kept, e, len, &nk);
    }
    if (nd == str_len(PRELOAD_STASH_VAR))
        return envp; /* nothing foreign: the guest sees LD_PRELOAD as it was */
    size_t n = 0;
    while (envp[n])
        n++;
    char **out = calloc(n + 2, sizeof *out);
    if (!out)
        return envp;
    size_t w = 0;
    for (size_t r = 0; r < n; r++) {
        if (str_starts(envp[r], PRELOAD_STASH_VAR))
            continue;
        if (str_starts(envp[r], PRELOAD_VAR)) {
            if (nk > str_len(PRELOAD_VAR))
                out[w++] = kept; /* x32 entries stay; an empty list is dropped */
            continue;
        }
        out[w++] = envp[r];
    }
    out[w++] = dropped;
    out[w] = 0;
    debug_log("LD_PRELOAD: kept out of the x32 program: %s", dropped + str_len(PRELOAD_STASH_VAR));
    return out;
}
